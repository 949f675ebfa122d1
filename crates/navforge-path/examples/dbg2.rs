use navforge_path::*;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&a[1]).unwrap();
    let mesh = PolyMesh::parse_mesh(&text).unwrap();
    let oracle: polyanya::Mesh = polyanya::PolyanyaFile::from_bytes(text.as_bytes()).try_into().unwrap();
    let f: Vec<f64> = a[2..6].iter().map(|s| s.parse().unwrap()).collect();
    let p = oracle.path(glam::Vec2::new(f[0] as f32, f[1] as f32), glam::Vec2::new(f[2] as f32, f[3] as f32)).unwrap();
    println!("oracle {} {:?}", p.length, p.path);
    let mut s = AnyAngle::new(&mesh);
    let mut prev = [f[0], f[1]];
    for q in p.path { let q = [q.x as f64, q.y as f64];
        println!("{prev:?} -> {q:?}: {:?}", s.path(prev, q).map(|x| x.map(|x| (x.length, x.points))));
        prev = q;
    }
}
