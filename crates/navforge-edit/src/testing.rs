//! Small documents for examples and tests.

/// The bytes of an empty v16 `.nav` file (sub-version 0, no places, areas or ladders).
pub fn empty_v16() -> Vec<u8> {
    let mut file = vec![0xCE, 0xFA, 0xED, 0xFE];
    for word in [16u32, 0, 0] {
        file.extend_from_slice(&word.to_le_bytes());
    }
    // isAnalyzed, place count (u16), hasUnnamedAreas, area count, ladder count.
    file.extend_from_slice(&[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    file
}
