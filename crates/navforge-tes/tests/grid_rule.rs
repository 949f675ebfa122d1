//! How the rebuilt grid compares with the grids the Creation Kit stored.

use navforge_core::NavDocument;
use navforge_core::testing::corpus_files;
use navforge_tes::PluginDocument;

#[test]
fn rebuilt_grids_match_the_stored_bounds_and_cover_every_stored_entry() {
    let Some(files) = corpus_files("tes-plugin", "") else {
        return;
    };
    let (mut meshes, mut same_cells, mut cells, mut extra, mut missing, mut stored) =
        (0, 0, 0, 0, 0, 0);
    for path in &files {
        let doc = PluginDocument::read(&std::fs::read(path).unwrap()).unwrap();
        for n in doc.navmeshes() {
            let Some(Ok(nv)) = &n.nvnm else { continue };
            let mut re = nv.clone();
            re.recompute_grid().unwrap();
            let what = format!("{:?} {}", path.file_name().unwrap(), n.name());
            assert_eq!(re.grid.divisor, nv.grid.divisor, "{what}");
            assert_eq!(re.grid.min, nv.grid.min, "{what}");
            assert_eq!(re.grid.max, nv.grid.max, "{what}");
            for k in 0..2 {
                let (a, b) = (re.grid.cell_size[k].get(), nv.grid.cell_size[k].get());
                assert!(
                    (a - b).abs() <= b.abs() * 1e-6,
                    "{what}: cell size {a} vs {b}"
                );
            }
            meshes += 1;
            for (a, b) in re.grid.cells.iter().zip(&nv.grid.cells) {
                cells += 1;
                same_cells += usize::from(a == b);
                stored += b.len();
                extra += a.iter().filter(|t| !b.contains(t)).count();
                missing += b.iter().filter(|t| !a.contains(t)).count();
            }
        }
    }
    eprintln!(
        "{meshes} navmeshes, {cells} cells: {same_cells} rebuilt identically; \
         {stored} stored entries, {missing} of them not rebuilt, {extra} rebuilt entries not stored"
    );
    assert_eq!(meshes, 17);
    // Every stored entry is rebuilt when the triangle reaches the cell; a few stored entries
    // belong to triangles that only come near it.
    assert!(missing * 50 < stored, "{missing} of {stored}");
}
