// `npm run academy -- staff add <username> --name "<name>" --role admin|teacher [--courses "<title>, …"]
// [--password-stdin]`: a staff account from the command line, above all the first administrator of
// a new academy's empty database. Prints a one-time password, or takes the one piped in.
import type { Config } from '../config.js';
import type { Connection } from '../db/connect.js';
import { ApiError } from '../errors.js';
import { newPasswordProblem } from '../../src/domain/password.js';
import { addStaff } from './accounts.js';
import { allCourses } from './queries.js';

export const STAFF_USAGE = '  npm run academy -- staff add <username> --name "<name>" --role admin|teacher [--courses "<course title>, …"] [--password-stdin]';

/** The value after a flag, or undefined. */
const flag = (args: string[], name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // One line: the password without its line end.
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

/** Course titles, as typed (case and spaces around them do not matter), to the academy's course ids. */
async function coursesByTitle(connection: Connection, typed: string): Promise<{ ids: string[] } | { problem: string }> {
  const courses = await allCourses(connection.db);
  const titles = typed.split(',').map((t) => t.trim()).filter(Boolean);
  const ids: string[] = [];
  for (const title of titles) {
    const matches = courses.filter((c) => (c.name ?? '').trim().toLowerCase() === title.toLowerCase());
    if (matches.length !== 1) {
      const known = courses.map((c) => `"${c.name}"`).join(', ') || 'none yet (import the academy first)';
      return { problem: matches.length === 0 ? `No course is called "${title}". The courses: ${known}.` : `${matches.length} courses are called "${title}"; rename one first.` };
    }
    ids.push(matches[0]!.id);
  }
  return { ids };
}

export async function staffCommand(config: Config, connection: Connection, args: string[]): Promise<number> {
  const [action, username] = args;
  const name = flag(args, '--name');
  const role = flag(args, '--role');
  if (action !== 'add' || !username || username.startsWith('--') || !name || (role !== 'admin' && role !== 'teacher')) {
    console.error(`Usage:\n${STAFF_USAGE}`);
    return 2;
  }
  let courseIds: string[] = [];
  const typedCourses = flag(args, '--courses');
  if (role === 'teacher') {
    if (!typedCourses) {
      console.error('A teacher needs the courses they teach: --courses "<course title>, …".');
      return 2;
    }
    const found = await coursesByTitle(connection, typedCourses);
    if ('problem' in found) {
      console.error(found.problem);
      return 1;
    }
    courseIds = found.ids;
  } else if (typedCourses) {
    console.log('An administrator acts on every course: --courses is not needed and was not used.');
  }
  let password: string | undefined;
  if (args.includes('--password-stdin')) {
    password = await readStdin();
    const problem = newPasswordProblem(password);
    if (problem) {
      console.error(`The password piped in is refused: ${problem}.`);
      return 1;
    }
  }
  try {
    const made = await addStaff({ db: connection.db, now: () => new Date(), scryptCost: config.scryptCost }, null, { username, name, role, courseIds, password });
    console.log(`Added ${role === 'admin' ? 'administrator' : 'teacher'} ${made.staff.name}. ${made.message}`);
    if (!password) {
      console.log(`One-time password: ${made.password}`);
      console.log('It is shown only now: hand it over or keep it safe. Sign in at /staff with it.');
    }
    return 0;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    console.error(`${error.title}${error.message !== error.title ? ` ${error.message}` : ''}`);
    return 1;
  }
}
