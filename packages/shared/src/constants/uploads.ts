/**
 * The bytes of one tus PATCH, for the web app and the CLI alike. Each request waits for the last
 * one's answer, and at 16 MiB that wait cost a 1 GB upload 20 to 40 % of its speed (bench:files);
 * 64 MiB keeps it to a few per cent. Bigger buys little, and nothing is lost by it: a file is sent
 * as a stream or a Blob slice (never held in memory), and the server keeps the bytes of a cut
 * request, so a resume starts where the bytes stopped. It stays under the request body limits of
 * common proxies (Cloudflare: 100 MB; docs/deployment.md names the ingress settings).
 */
export const TUS_CHUNK_BYTES = 64 * 1024 * 1024;
