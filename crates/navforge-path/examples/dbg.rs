use navforge_path::*;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&a[1]).unwrap();
    let mesh = PolyMesh::parse_mesh(&text).unwrap();
    let f: Vec<f64> = a[2..6].iter().map(|s| s.parse().unwrap()).collect();
    for p in [[f[0], f[1]], [f[2], f[3]]] {
        for q in 0..mesh.polygon_count() as u32 {
            if mesh.contains(q, p, 1e-9) {
                println!("{p:?} in {q}: {:?} {:?}", mesh.polygon(q).iter().map(|&v| mesh.point(v)).collect::<Vec<_>>(), mesh.neighbours(q));
            }
        }
    }
    for q in [0u32;0] { println!("poly {q}: {:?} {:?}", mesh.polygon(q).iter().map(|&v| (v, mesh.point(v))).collect::<Vec<_>>(), mesh.neighbours(q)); }
    let mut s = AnyAngle::new(&mesh);
    println!("{:?}", s.path([f[0], f[1]], [f[2], f[3]]));
}
#[allow(dead_code)]
fn x() {}
