// Preloaded into @modelcontextprotocol/server-everything's Streamable HTTP mode (node --import) so
// that it serves on loopback only and says where: the server calls `app.listen(PORT)` with no host
// (every interface) and logs the port it was given, not the one it got. This file touches nothing
// but that: a listen() without a host gets 127.0.0.1, and once listening the URL of its /mcp
// endpoint is printed as the first line of stdout (for `elicit-conform server --url`).
import net from 'node:net';

const listen = net.Server.prototype.listen;
let announced = false;
net.Server.prototype.listen = function (...args) {
  // listen(port[, backlog][, callback]) without a host: bind 127.0.0.1.
  if ((typeof args[0] === 'number' || typeof args[0] === 'string') && typeof args[1] !== 'string') {
    args.splice(1, 0, '127.0.0.1');
  }
  this.once('listening', () => {
    const address = this.address();
    if (!announced && address && typeof address === 'object') {
      announced = true;
      process.stdout.write(`http://127.0.0.1:${address.port}/mcp\n`);
    }
  });
  return listen.apply(this, args);
};
