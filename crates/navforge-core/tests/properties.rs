//! Properties of the lossless value types and the bounds-checked reader.

use navforge_core::{ErrorKind, F32, HexBytes, Reader};
use proptest::prelude::*;

proptest! {
    #![proptest_config(navforge_core::testing::proptest_config(256))]
    #[test]
    fn every_f32_bit_pattern_survives_json(bits in any::<u32>()) {
        let json = serde_json::to_string(&F32::from_bits(bits)).unwrap();
        prop_assert_eq!(serde_json::from_str::<F32>(&json).unwrap().to_bits(), bits);
    }

    #[test]
    fn any_bytes_survive_json(bytes in proptest::collection::vec(any::<u8>(), 0..256)) {
        let json = serde_json::to_string(&HexBytes(bytes.clone())).unwrap();
        prop_assert_eq!(serde_json::from_str::<HexBytes>(&json).unwrap().0, bytes);
    }

    /// A count is accepted exactly when that many items of that size fit in what is left.
    #[test]
    fn count_accepts_only_what_fits(len in 0usize..512, skip in 0usize..512, count in any::<u32>(), size in 1usize..64) {
        let data = vec![0u8; len];
        let mut r = Reader::new(&data, "test");
        let skip = skip.min(len);
        r.skip(skip, "pad").unwrap();
        let fits = (count as u64) * (size as u64) <= (len - skip) as u64;
        match r.count(count as u64, size, "n") {
            Ok(n) => prop_assert!(fits && n == count as usize),
            Err(e) => {
                prop_assert!(!fits);
                prop_assert_eq!(e.offset, skip as u64);
                let is_count_error = matches!(e.kind, ErrorKind::CountTooLarge { .. });
                prop_assert!(is_count_error);
            }
        }
    }

    /// Reads past the end fail with the offset where they started, and consume nothing.
    #[test]
    fn short_reads_fail_at_their_offset(len in 0usize..16, at in 0usize..16) {
        let data = vec![7u8; len];
        let mut r = Reader::new(&data, "test");
        let at = at.min(len);
        r.skip(at, "pad").unwrap();
        match r.u32("word") {
            Ok(v) => prop_assert!(len - at >= 4 && v == 0x0707_0707),
            Err(e) => {
                prop_assert!(len - at < 4);
                prop_assert_eq!(e.offset, at as u64);
                prop_assert_eq!(r.pos(), at);
            }
        }
    }
}
