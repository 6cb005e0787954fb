/** Passes bytes through until `limit`, then fails, as a connection to storage cut mid-file. */
export async function* breakingOff(source: AsyncIterable<Buffer>, limit: number) {
  let sent = 0;
  for await (const chunk of source) {
    if (sent + chunk.length > limit) throw new Error('storage connection lost');
    sent += chunk.length;
    yield chunk;
  }
}
