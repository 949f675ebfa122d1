//! Valve's LZMA-compressed lumps: a TF2 map repacked with `bspzip -repack` (every lump but the
//! game lump and the pakfile compressed) loads; hostile headers and streams in its lumps are
//! refused naming the lump and its offset; and an uncompressed CS:GO map whose lumps are
//! compressed here in Valve's format loads to the same world triangles.

use navforge_core::testing::corpus_dir;
use navforge_level::{Level, LevelError, LoadOptions};

const KELLY: &str = "source_iassis+tf2-fastdl__mvm_kelly_rc1b.bsp";
const AIM: &str = "source_ayrescsgo+fast-dll__aim_map.bsp";

fn pair_bsp(name: &str) -> Option<Vec<u8>> {
    let path = corpus_dir("source-pairs")?.join(name);
    Some(std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

fn u32_at(d: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(d[at..at + 4].try_into().unwrap())
}

fn set_u32(d: &mut [u8], at: usize, v: u32) {
    d[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

/// (offset, length) of VBSP lump `i` (standard directory order).
fn lump(d: &[u8], i: usize) -> (usize, usize) {
    (
        u32_at(d, 8 + 16 * i) as usize,
        u32_at(d, 8 + 16 * i + 4) as usize,
    )
}

fn load(d: &[u8]) -> Result<Level, LevelError> {
    Level::load(d, &LoadOptions::default())
}

#[test]
fn a_repacked_tf2_map_loads() {
    let Some(data) = pair_bsp(KELLY) else {
        return;
    };
    // The file is what the test is about: its geometry lumps are compressed.
    for i in [0, 1, 3, 7, 18, 19] {
        let (off, _) = lump(&data, i);
        assert_eq!(&data[off..off + 4], b"LZMA", "lump {i} is compressed");
    }
    let level = load(&data).unwrap_or_else(|e| panic!("{KELLY}: {e}"));
    let (positions, triangles) = level.world_triangles();
    assert!(triangles.len() > 5000, "{} triangles", triangles.len());
    assert!(positions.len() > 1000, "{} points", positions.len());
    // The entity lump unpacked: TF2's spawn rooms are there.
    let summary = format!("{:?}", level.entities());
    assert!(summary.contains("info_player_teamspawn"), "entities read");
}

/// The kelly map with its vertices lump (3) patched by `patch(lump bytes)`.
fn patched(data: &[u8], patch: impl Fn(&mut [u8])) -> (Vec<u8>, usize) {
    let mut d = data.to_vec();
    let (off, len) = lump(&d, 3);
    patch(&mut d[off..off + len]);
    (d, off)
}

fn assert_refused(r: Result<Level, LevelError>, field: &str, at: usize) {
    match r {
        Err(LevelError::Malformed {
            field: f,
            offset,
            message,
            ..
        }) => {
            assert_eq!(f, field, "{message}");
            assert_eq!(offset, at as u64, "{f}: {message}");
        }
        Err(e) => panic!("expected {field} at {at}, got {e}"),
        Ok(_) => panic!("expected {field} at {at}, but it loaded"),
    }
}

#[test]
fn hostile_lzma_lumps_are_refused_with_the_lump_and_offset() {
    let Some(data) = pair_bsp(KELLY) else {
        return;
    };
    // An absurd unpacked size: refused before anything is allocated.
    let (d, off) = patched(&data, |l| set_u32(l, 4, 0xFFFF_FFF0));
    let Err(e) = load(&d) else {
        panic!("an unpacked size of 4 GiB loaded")
    };
    assert!(e.to_string().contains("more than"), "{e}");
    assert_refused(Err(e), "lumps[3].actualSize", off + 4);
    // A packed size past the lump's end.
    let (d, off) = patched(&data, |l| {
        let n = l.len() as u32;
        set_u32(l, 8, n)
    });
    assert_refused(load(&d), "lumps[3].lzmaSize", off + 8);
    // A stream cut to half its length.
    let (d, off) = patched(&data, |l| {
        let n = u32_at(l, 8);
        set_u32(l, 8, n / 2)
    });
    assert_refused(load(&d), "lumps[3].data", off + 17);
    // Invalid properties (lc/lp/pb byte ≥ 225).
    let (d, off) = patched(&data, |l| l[12] = 0xFF);
    assert_refused(load(&d), "lumps[3].data", off + 17);
    // An unpacked size larger than the stream holds.
    let (d, off) = patched(&data, |l| {
        let n = u32_at(l, 4);
        set_u32(l, 4, n * 4)
    });
    assert_refused(load(&d), "lumps[3].data", off + 17);
    // A header cut short: the lump holds only the id and part of the sizes.
    let mut d = data.clone();
    let (voff, _) = lump(&d, 3);
    set_u32(&mut d, 8 + 16 * 3 + 4, 10);
    assert_refused(load(&d), "lumps[3].lzmaHeader", voff);
    // Garbage streams: every one is an error or a level, never a panic.
    for seed in 0..64u32 {
        let (d, _) = patched(&data, |l| {
            let n = l.len();
            for k in 0..16 {
                let at = 17 + (seed as usize * 7919 + k * 104_729) % (n - 17);
                l[at] ^= (seed as u8).wrapping_mul(31) | 1;
            }
        });
        let _ = load(&d);
    }
}

/// Valve's compressed lump for `raw`: id, unpacked size, packed size, properties, stream.
fn valve_lzma(raw: &[u8]) -> Vec<u8> {
    let mut packed = Vec::new();
    let options = lzma_rs::compress::Options {
        unpacked_size: lzma_rs::compress::UnpackedSize::SkipWritingToHeader,
    };
    lzma_rs::lzma_compress_with_options(&mut &raw[..], &mut packed, &options).unwrap();
    // lzma-rs writes the 5 properties bytes, then the stream.
    let stream_len = (packed.len() - 5) as u32;
    let mut out = b"LZMA".to_vec();
    out.extend((raw.len() as u32).to_le_bytes());
    out.extend(stream_len.to_le_bytes());
    out.extend(packed);
    out
}

#[test]
fn compressing_lumps_in_valves_format_keeps_the_world() {
    let Some(data) = pair_bsp(AIM) else {
        return;
    };
    let original = load(&data).unwrap_or_else(|e| panic!("{AIM}: {e}"));
    let mut d = data.clone();
    let mut compressed = 0;
    // entities, planes, vertices, nodes, texinfo, faces, leafs, edges, surfedges, models,
    // leafbrushes, brushes, brushsides: each rewritten in place (it only shrinks).
    for i in [0, 1, 3, 5, 6, 7, 10, 12, 13, 14, 17, 18, 19, 26, 33] {
        let (off, len) = lump(&d, i);
        if len == 0 {
            continue;
        }
        assert_ne!(&d[off..off + 4], b"LZMA", "{AIM} is not compressed already");
        let packed = valve_lzma(&d[off..off + len]);
        if packed.len() >= len {
            continue;
        }
        d[off..off + packed.len()].copy_from_slice(&packed);
        set_u32(&mut d, 8 + 16 * i + 4, packed.len() as u32);
        // lump_t's fourCC holds the unpacked size.
        set_u32(&mut d, 8 + 16 * i + 12, len as u32);
        compressed += 1;
    }
    assert!(compressed >= 10, "{compressed} lumps compressed");
    let repacked = load(&d).unwrap_or_else(|e| panic!("{AIM} repacked: {e}"));
    assert_eq!(repacked.world_triangles(), original.world_triangles());
    assert_eq!(
        format!("{:?}", repacked.entities()),
        format!("{:?}", original.entities())
    );
}

/// The model names of a static prop lump (`sprp`): its dictionary of 128-byte names.
fn prop_models(sprp: &[u8]) -> Vec<String> {
    let n = u32_at(sprp, 0) as usize;
    (0..n)
        .map(|k| {
            let name = &sprp[4 + 128 * k..4 + 128 * (k + 1)];
            let end = name.iter().position(|&c| c == 0).unwrap_or(128);
            String::from_utf8_lossy(&name[..end]).into_owned()
        })
        .collect()
}

#[test]
fn compressed_game_lumps_unpack() {
    let Some(data) = pair_bsp(KELLY) else {
        return;
    };
    let lumps = navforge_level::game_lumps(&data).unwrap_or_else(|e| panic!("{KELLY}: {e}"));
    let sprp = lumps.iter().find(|l| &l.id == b"sprp").expect("a sprp");
    assert_eq!(sprp.flags & 1, 1, "bspzip compressed it");
    assert_eq!(&data[sprp.offset as usize..][..4], b"LZMA");
    let models = prop_models(&sprp.data);
    assert!(models.len() > 10, "{models:?}");
    assert!(models.iter().all(|m| m.ends_with(".mdl")), "{models:?}");
    // The same entry's stream cut short is refused at that entry.
    let mut d = data.clone();
    let at = sprp.offset as usize + 8;
    let n = u32_at(&d, at);
    set_u32(&mut d, at, n / 3);
    match navforge_level::game_lumps(&d) {
        Err(LevelError::Malformed { field, offset, .. }) => {
            assert!(
                field.starts_with("gamelump[") && field.ends_with("].data"),
                "{field}"
            );
            assert_eq!(offset, sprp.offset + 17);
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn uncompressed_game_lumps_read_as_they_are() {
    let Some(data) = pair_bsp(AIM) else {
        return;
    };
    let lumps = navforge_level::game_lumps(&data).unwrap_or_else(|e| panic!("{AIM}: {e}"));
    let sprp = lumps.iter().find(|l| &l.id == b"sprp").expect("a sprp");
    assert_eq!(sprp.flags & 1, 0);
    let start = sprp.offset as usize;
    assert_eq!(sprp.data, data[start..start + sprp.data.len()]);
    let models = prop_models(&sprp.data);
    assert!(!models.is_empty());
    assert!(models.iter().all(|m| m.ends_with(".mdl")), "{models:?}");
}

#[test]
fn corrupt_game_lumps_are_errors_not_panics() {
    let Some(data) = pair_bsp(KELLY) else {
        return;
    };
    // Corrupt only the game lump (directory and entries): every variant reads or is refused.
    let (off, len) = lump(&data, 35);
    let mut rng = navforge_core::testing::Rng::new(29);
    let mut refused = 0;
    for _ in 0..200 {
        let part = navforge_core::testing::mutate(&data[off..off + len], &mut rng);
        let mut d = data[..off].to_vec();
        let n = part.len().min(len);
        d.extend_from_slice(&part[..n]);
        d.extend_from_slice(&data[off + n..]);
        if navforge_level::game_lumps(&d).is_err() {
            refused += 1;
        }
    }
    assert!(refused > 0, "some corruptions are refused");
}

#[test]
fn game_lump_entries_cannot_multiply_the_file() {
    let Some(data) = pair_bsp(AIM) else {
        return;
    };
    // Every entry of the directory rewritten to cover the whole file, uncompressed.
    let mut d = data.clone();
    let (off, _) = lump(&d, 35);
    let count = u32_at(&d, off) as usize;
    assert!(count >= 1);
    let mut n = 0;
    // Grow the count into the bytes after the directory: as many entries as the lump holds.
    let (_, len) = lump(&d, 35);
    let room = (len - 4) / 16;
    set_u32(&mut d, off, room as u32);
    for k in 0..room {
        let e = off + 4 + 16 * k;
        d[e..e + 4].copy_from_slice(b"prps");
        set_u32(&mut d, e + 4, 0);
        set_u32(&mut d, e + 8, 0);
        set_u32(&mut d, e + 12, data.len() as u32);
        n += 1;
    }
    let copies = n * data.len();
    let limit = 16 * data.len();
    assert!(
        copies > limit,
        "{n} entries of the whole file exceed the budget"
    );
    match navforge_level::game_lumps(&d) {
        Err(LevelError::Malformed { field, .. }) => assert!(field.ends_with(".filelen"), "{field}"),
        other => panic!("expected a refusal, got {:?}", other.map(|l| l.len())),
    }
}
