// Redis Cluster's key to slot mapping: CRC16 (XMODEM) of the key, or of its hash tag, mod 16384.
// A script may only touch keys of one slot, hence `lock:{report}` beside `fence:{report}`.

const table = new Uint16Array(256);
for (let i = 0; i < 256; i++) {
  let crc = i << 8;
  for (let j = 0; j < 8; j++)
    crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  table[i] = crc;
}

export function crc16(text: string): number {
  let crc = 0;
  for (let i = 0; i < text.length; i++) {
    // Keys here are ASCII; a code unit is a byte.
    crc = ((crc << 8) & 0xffff) ^ table[((crc >> 8) ^ (text.charCodeAt(i) & 0xff)) & 0xff]!;
  }
  return crc;
}

/** The part of the key that is hashed: the first non-empty `{…}`, else the whole key. */
export function hashTag(key: string): string {
  const open = key.indexOf('{');
  if (open === -1) return key;
  const close = key.indexOf('}', open + 1);
  if (close === -1 || close === open + 1) return key;
  return key.slice(open + 1, close);
}

export function hashSlot(key: string): number {
  return crc16(hashTag(key)) % 16384;
}
