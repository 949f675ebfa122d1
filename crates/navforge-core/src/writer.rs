use crate::value::F32;

/// Little-endian writing onto a byte vector. Writing to memory cannot fail, so these return nothing.
/// Each method appends the value its name says (`_be`: big-endian).
pub trait Put {
    /// One byte.
    fn put_u8(&mut self, v: u8);
    /// The bytes as they are.
    fn put_bytes(&mut self, v: &[u8]);
    /// A little-endian `u16`.
    fn put_u16(&mut self, v: u16);
    /// A little-endian `i16`.
    fn put_i16(&mut self, v: i16);
    /// A little-endian `u32`.
    fn put_u32(&mut self, v: u32);
    /// A little-endian `i32`.
    fn put_i32(&mut self, v: i32);
    /// A little-endian `u64`.
    fn put_u64(&mut self, v: u64);
    /// The float's exact bits, little-endian.
    fn put_f32(&mut self, v: F32);
    /// Three floats (x, y, z), little-endian.
    fn put_vec3(&mut self, v: [F32; 3]);
    /// A big-endian `u16`.
    fn put_u16_be(&mut self, v: u16);
    /// A big-endian `u32`.
    fn put_u32_be(&mut self, v: u32);
}

impl Put for Vec<u8> {
    #[inline]
    fn put_u8(&mut self, v: u8) {
        self.push(v);
    }
    #[inline]
    fn put_bytes(&mut self, v: &[u8]) {
        self.extend_from_slice(v);
    }
    #[inline]
    fn put_u16(&mut self, v: u16) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    #[inline]
    fn put_i16(&mut self, v: i16) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    #[inline]
    fn put_u32(&mut self, v: u32) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    #[inline]
    fn put_i32(&mut self, v: i32) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    #[inline]
    fn put_u64(&mut self, v: u64) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    #[inline]
    fn put_f32(&mut self, v: F32) {
        self.extend_from_slice(&v.to_bits().to_le_bytes());
    }
    #[inline]
    fn put_vec3(&mut self, v: [F32; 3]) {
        for c in v {
            self.put_f32(c);
        }
    }
    #[inline]
    fn put_u16_be(&mut self, v: u16) {
        self.extend_from_slice(&v.to_be_bytes());
    }
    #[inline]
    fn put_u32_be(&mut self, v: u32) {
        self.extend_from_slice(&v.to_be_bytes());
    }
}
