//! A VBSP's entity lump, rewritten for tests: entities added to a real map.

fn u32_at(d: &[u8], at: usize) -> usize {
    u32::from_le_bytes(d[at..at + 4].try_into().unwrap()) as usize
}

/// `d` with `text` (entity blocks) added to its entity lump, the lump moved to the end.
pub fn with_entities(d: &[u8], text: &str) -> Vec<u8> {
    let (at, len) = (u32_at(d, 8), u32_at(d, 12));
    let old = &d[at..at + len];
    assert_ne!(
        &old[..4],
        b"LZMA",
        "the test map's entities are stored plain"
    );
    let end = old.iter().position(|&b| b == 0).unwrap_or(old.len());
    let mut lump = old[..end].to_vec();
    lump.extend(text.as_bytes());
    lump.push(0);
    let mut out = d.to_vec();
    let lump_at = out.len();
    out.extend(&lump);
    out[8..12].copy_from_slice(&(lump_at as u32).to_le_bytes());
    out[12..16].copy_from_slice(&(lump.len() as u32).to_le_bytes());
    out
}
