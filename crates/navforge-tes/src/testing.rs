//! Hostile plugins built in code for tests (feature `test-support`).

use std::io::Write;

/// A record: tag, data size, flags, form ID, revision 0, form version 44, then `data`.
pub fn record(tag: &[u8; 4], flags: u32, id: u32, data: &[u8]) -> Vec<u8> {
    let mut v = tag.to_vec();
    for word in [data.len() as u32, flags, id, 0] {
        v.extend_from_slice(&word.to_le_bytes());
    }
    v.extend_from_slice(&[44, 0, 0, 0]);
    v.extend_from_slice(data);
    v
}

/// Bytes each bomb record inflates to: just under the per-record limit.
pub const BOMB_RECORD: usize = (256 << 20) - 64;

/// A Skyrim SE plugin of `records` NAVM records, each a compressed `NVNM` that inflates to
/// [`BOMB_RECORD`] zeros: about 5.2 MB on disk for 20 records, 5 GiB inflated. Compressed as a
/// stream, so building it takes a few MiB.
pub fn decompression_bomb(records: u32) -> Vec<u8> {
    let body = BOMB_RECORD - 16;
    let mut inner = b"XXXX".to_vec();
    inner.extend_from_slice(&4u16.to_le_bytes());
    inner.extend_from_slice(&(body as u32).to_le_bytes());
    inner.extend_from_slice(b"NVNM");
    inner.extend_from_slice(&0u16.to_le_bytes());
    let declared = (inner.len() + body) as u32;
    let mut zlib = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    let zeros = vec![0u8; 1 << 20];
    let stream = (|| {
        zlib.write_all(&inner)?;
        for _ in 0..body >> 20 {
            zlib.write_all(&zeros)?;
        }
        zlib.write_all(&zeros[..body & ((1 << 20) - 1)])?;
        zlib.finish()
    })()
    .expect("compressing into memory does not fail");
    let mut data = declared.to_le_bytes().to_vec();
    data.extend(stream);
    let navms: Vec<u8> = (0..records)
        .flat_map(|i| record(b"NAVM", 0x0004_0000, 0x0100_0000 + i, &data))
        .collect();
    plugin(b"NAVM", records, 0x800, &navms)
}

/// A Skyrim SE plugin (HEDR 1.71 with `count` records and next object ID `next_id`) holding
/// one top group of `tag` records: `records`, already built with [`record`].
pub fn plugin(tag: &[u8; 4], count: u32, next_id: u32, records: &[u8]) -> Vec<u8> {
    let mut hedr = b"HEDR".to_vec();
    hedr.extend_from_slice(&12u16.to_le_bytes());
    hedr.extend_from_slice(&1.71f32.to_le_bytes());
    hedr.extend_from_slice(&count.to_le_bytes());
    hedr.extend_from_slice(&next_id.to_le_bytes());
    let mut out = record(b"TES4", 0, 0, &hedr);
    out.extend_from_slice(b"GRUP");
    out.extend_from_slice(&(24 + records.len() as u32).to_le_bytes());
    out.extend_from_slice(tag);
    out.extend_from_slice(&[0; 12]);
    out.extend_from_slice(records);
    out
}
