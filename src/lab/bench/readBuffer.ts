// One read buffer for every benchmark socket. Node's onread option hands each read to a
// callback in this buffer instead of allocating a new Buffer per read; the callback parses it
// before the next read, so all sockets can share it.
export const sharedReadBuffer = Buffer.allocUnsafe(256 * 1024);
