import { listLicenceKeys } from '@casebridge/shared/contracts/licence-keys';
import { currentSession } from '@casebridge/shared/contracts/session';
import { receiveUsagePing } from '@casebridge/shared/contracts/usage';
import { Api } from '../lib/api.ts';
import { idOption, stringOption, UsageError, type Command, type Parsed } from '../lib/command.ts';
import { requireSession } from '../lib/config.ts';
import { CliError } from '../lib/io.ts';

/**
 * `casebridge usage simulate`: machines running the desktop CAM software through a working day,
 * pinging the portal as the real software does (POST /api/usage/pings, once a simulated minute
 * while running, once more when stopping). For demos and browser tests of the manager's usage view.
 */

export interface SimulatedMachine {
  licenceKey: string;
  boardSerial: string;
  pcName: string;
  macAddresses: string[];
  ipAddresses: string[];
  /** Minutes after midnight when the software starts and stops. */
  startMinute: number;
  stopMinute: number;
}

/** A small deterministic generator, so the same --seed gives the same day (demos, tests). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

const between = (random: () => number, low: number, high: number) => Math.floor(low + random() * (high - low));
const hex = (random: () => number, digits: number) =>
  Array.from({ length: digits }, () => between(random, 0, 16).toString(16))
    .join('')
    .toUpperCase();

/**
 * Machines spread over the keys round-robin. Most start between 7:00 and 9:30 and stop between
 * 16:00 and 19:00; one in five is a short afternoon session, so the concurrency curve has the
 * shape of a real working day rather than a block.
 */
export function planDay(keys: string[], machines: number, random: () => number): SimulatedMachine[] {
  return Array.from({ length: machines }, (_, index) => {
    const shortSession = random() < 0.2;
    const startMinute = shortSession ? between(random, 12 * 60, 15 * 60) : between(random, 7 * 60, 9 * 60 + 30);
    const stopMinute = shortSession ? startMinute + between(random, 30, 150) : between(random, 16 * 60, 19 * 60);
    const serial = hex(random, 12);
    return {
      licenceKey: keys[index % keys.length]!,
      boardSerial: `SIM-${serial}`,
      pcName: `CAM-STATION-${String(index + 1).padStart(2, '0')}`,
      macAddresses: [Array.from({ length: 6 }, () => hex(random, 2)).join(':')],
      ipAddresses: [`192.168.${between(random, 0, 4)}.${between(random, 10, 250)}`],
      startMinute,
      stopMinute,
    };
  });
}

/** Pings of one simulated minute: every running machine says so, a machine that just stopped says that once. */
export function pingsAt(day: SimulatedMachine[], minute: number) {
  return day
    .filter((machine) => minute >= machine.startMinute && minute <= machine.stopMinute)
    .map(({ startMinute: _start, stopMinute, ...machine }) => ({ ...machine, running: minute < stopMinute }));
}

export interface SimulationOptions {
  day: SimulatedMachine[];
  fromMinute: number;
  toMinute: number;
  /** Real milliseconds per simulated minute. */
  tickMs: number;
  send(ping: ReturnType<typeof pingsAt>[number]): Promise<void>;
  sleep(ms: number): Promise<void>;
  report(minute: number, running: number): void;
}

/** Runs the day minute by minute; returns how many pings were sent. */
export async function runSimulation(options: SimulationOptions): Promise<number> {
  let sent = 0;
  for (let minute = options.fromMinute; minute <= options.toMinute; minute += 1) {
    const pings = pingsAt(options.day, minute);
    await Promise.all(pings.map((ping) => options.send(ping)));
    sent += pings.length;
    if (minute % 60 === 0 || minute === options.toMinute) options.report(minute, pings.filter((ping) => ping.running).length);
    if (minute < options.toMinute) await options.sleep(options.tickMs);
  }
  return sent;
}

const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

function parseClock(value: string, name: string): number {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (!match) throw new UsageError(`--${name} must be a time of day like 07:00, got "${value}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

function positiveNumber(args: Parsed, name: string, fallback: number, max: number): number {
  const raw = stringOption(args, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > max)
    throw new UsageError(`--${name} must be a number between 0 and ${max}, got "${raw}"`);
  return value;
}

/** The keys given with --key, if any. */
function givenKeys(args: Parsed): string[] | null {
  const given = stringOption(args, 'key');
  return given
    ? given
        .split(',')
        .map((key) => key.trim().toUpperCase())
        .filter(Boolean)
    : null;
}

/** The signed-in mill's keys that consent to data collection: the first `wanted` of them. */
async function consentingKeys(args: Parsed, api: Api, wanted: number): Promise<string[]> {
  const millId = idOption(args, 'mill') ?? (await api.call(currentSession, {})).mills[0]?.id;
  if (!millId) throw new CliError('No mill to take licence keys from: sign in as mill staff, or give --key.');
  const keys = await api.call(listLicenceKeys, { params: { millId }, query: { _limit: 100 } });
  const consenting = keys.data.filter((key) => key.enableDataCollection).map((key) => key.licenseKey);
  if (consenting.length === 0)
    throw new CliError(
      `Mill ${millId} has no licence key with data collection enabled: enable it in the mill's settings (Licence keys), or give --key.`,
    );
  return consenting.slice(0, wanted);
}

export const usageCommand: Command = {
  name: 'usage',
  summary: 'Simulate desktop CAM machines pinging the portal (demo data for the usage view)',
  synopsis: 'casebridge usage simulate [--keys <n>] [--machines <m>] [--from <hh:mm>] [--to <hh:mm>] [--speed <x>]',
  description:
    'Sends the pings the desktop CAM software sends: every machine pings once a (simulated) minute while it runs and once when it stops. ' +
    'The machines go through a working day: most start between 7:00 and 9:30 and stop between 16:00 and 19:00, some only run for an afternoon session.\n\n' +
    'The licence keys are the signed-in mill’s keys with data collection enabled (the first --keys of them), or the ones given with --key. ' +
    'Pings for keys without that consent are accepted by the portal and stored nowhere.\n\n' +
    '--speed 60 runs a simulated minute each second (a working day in about 12 minutes); the default 1 is real time.',
  options: {
    keys: { type: 'string', description: 'how many of the mill’s consenting keys to use (default 1)', placeholder: 'n' },
    machines: { type: 'string', description: 'how many machines (default 3)', placeholder: 'm' },
    key: { type: 'string', description: 'licence keys to use instead, comma-separated', placeholder: 'keys' },
    mill: { type: 'string', description: 'the mill whose keys to use (default: your first mill)', placeholder: 'id' },
    url: { type: 'string', description: 'the portal (default: the signed-in session’s)', placeholder: 'url' },
    from: { type: 'string', description: 'simulated start time (default 07:00)', placeholder: 'hh:mm' },
    to: { type: 'string', description: 'simulated end time (default 19:00)', placeholder: 'hh:mm' },
    speed: { type: 'string', description: 'simulated minutes per real minute (default 1)', placeholder: 'x' },
    seed: { type: 'string', description: 'the same seed gives the same machines and times (default 1)', placeholder: 'n' },
  },
  positionals: { min: 1, max: 1 },
  run: async (ctx, args) => {
    if (args.positionals[0] !== 'simulate') throw new UsageError(`unknown usage command "${args.positionals[0]}" (try: simulate)`);
    const keyCount = positiveNumber(args, 'keys', 1, 10_000);
    const machines = positiveNumber(args, 'machines', 3, 50_000);
    const speed = positiveNumber(args, 'speed', 1, 60_000);
    const fromMinute = parseClock(stringOption(args, 'from') ?? '07:00', 'from');
    const toMinute = parseClock(stringOption(args, 'to') ?? '19:00', 'to');
    if (toMinute < fromMinute) throw new UsageError('--to must not be before --from');
    const given = givenKeys(args);
    // With --key and --url nobody needs to be signed in: the pings carry no session.
    const session = given && stringOption(args, 'url') ? null : await requireSession(ctx.io);
    const url = stringOption(args, 'url') ?? session!.url;
    const keys = given ?? (await consentingKeys(args, new Api(session!.url, session!.token), Math.floor(keyCount)));
    const api = new Api(url);
    const day = planDay(keys, Math.floor(machines), seededRandom(positiveNumber(args, 'seed', 1, 2 ** 31)));
    ctx.err(
      `Simulating ${day.length} machine(s) on ${keys.length} key(s) from ${clock(fromMinute)} to ${clock(toMinute)} at ${speed}× speed against ${url}`,
    );
    const sent = await runSimulation({
      day,
      fromMinute,
      toMinute,
      tickMs: 60_000 / speed,
      send: async (ping) => void (await api.call(receiveUsagePing, { body: ping })),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      report: (minute, running) => ctx.out(`${clock(minute)}  ${running} machine(s) running`),
    });
    ctx.out(`${sent} pings sent`);
    return 0;
  },
};
