import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The baseline an upload is compared with: the least a Node server must do for a stored file
 * with integrity, and nothing else. One PUT streams the body to a file on the given directory's
 * disk and hashes it with SHA-256 on the way (on the main thread, as a plain server would), then
 * answers the digest. No protocol, no session, no database. Run as its own process, like the
 * portal, so that neither shares a CPU's event loop with the bench's client.
 *
 * `node --import tsx bench/bare-put-server.ts <directory>`: prints its port on the first line.
 */
const directory = process.argv[2];
if (!directory) throw new Error('usage: bare-put-server.ts <directory>');

const server = http.createServer((request, response) => {
  const file = path.join(directory, `bare-put-${process.pid}`);
  const digest = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      digest.update(chunk);
      done(null, chunk);
    },
  });
  pipeline(request, hashing, createWriteStream(file))
    .then(async () => {
      response.end(digest.digest('hex'));
      await rm(file);
    })
    .catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(typeof address === 'object' && address ? address.port : 0);
});
