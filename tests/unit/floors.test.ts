// The floors of the code as law: contracts ← domain ← services / server ← machines ← views. Every import
// in src/ and server/ (read with TypeScript's own parser, `import type` included, dynamic import() too)
// may only go down or stay on its floor, with the rules below; a new door the wrong way fails here.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { contractRegistry } from '../support/route-fuzz.js';

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join('server', 'db', 'seed', 'media') ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every relative import of a file, resolved to a path without extension, with whether only types come through it. */
function importsOf(file: string): Edge[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const edges: Edge[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    if (!specifier.startsWith('.')) return;
    const to = path.join(path.dirname(file), specifier).replace(/\.(js|ts|tsx)$/, '').split(path.sep).join('/');
    edges.push({ from: file.split(path.sep).join('/'), to, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly = ts.isImportDeclaration(node)
        ? Boolean(clause && (clause.isTypeOnly || (!clause.name && named && named.length > 0 && named.every((element) => element.isTypeOnly))))
        : node.isTypeOnly;
      add(node.moduleSpecifier.text, typeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      add(node.arguments[0].text, false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** The floor of a file: 0 contracts, 1 domain, 2 services and the server, 3 machines, 4 views (and the app's entry). */
function floor(file: string): number {
  if (file.startsWith('src/contracts/')) return 0;
  if (file.startsWith('src/domain/')) return 1;
  if (file.startsWith('src/services/') || file.startsWith('server/')) return 2;
  if (file.startsWith('src/machines/')) return 3;
  return 4;
}
const FLOOR_NAMES = ['contracts', 'domain', 'services/server', 'machines', 'views'];

/**
 * A server area: the first folder under server/ (server/app.ts and its peers are the server's top, no
 * area). server/db is the layer below the areas (its own rule), not an area.
 */
const areaOf = (file: string) => {
  const area = /^server\/([^/]+)\//.exec(file)?.[1] ?? null;
  return area === 'db' ? null : area;
};

/**
 * Doors the wrong way that stay for now, each with why. Everything else that breaks a rule fails.
 * - The demo seeder lives under server/db (the CLI and the test server call it there) and imports the
 *   academy importer above the db layer; moving it up to server/import collides with work in progress.
 */
const KNOWN = new Set(['server/db/seed/import.ts -> server/import/*']);
/** The name an edge is known by: the seeder's imports of the importer as one door. */
const doorOf = (edge: Edge) => (edge.from === 'server/db/seed/import.ts' && edge.to.startsWith('server/import/') ? 'server/db/seed/import.ts -> server/import/*' : `${edge.from} -> ${edge.to}`);

/** The import cycles among files (Tarjan's strongly connected components of more than one file), each listed sorted. */
function cyclesOf(links: readonly { from: string; to: string }[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of links) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (let top = stack.pop()!; ; top = stack.pop()!) {
      onStack.delete(top);
      component.push(top);
      if (top === file) break;
    }
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const file of next.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

const edges = [...sourceFiles('src'), ...sourceFiles('server')].flatMap(importsOf);
const broken = (rule: (edge: Edge) => boolean, describeEdge = (edge: Edge) => `${edge.from} -> ${edge.to}`) =>
  edges.filter(rule).filter((edge) => !KNOWN.has(doorOf(edge))).map(describeEdge);

describe('the floors of the code', () => {
  it('finds an import cycle and nothing else', () => {
    expect(cyclesOf([{ from: 'a', to: 'b' }, { from: 'b', to: 'c' }, { from: 'c', to: 'a' }, { from: 'c', to: 'd' }])).toEqual([['a', 'b', 'c']]);
    expect(cyclesOf([{ from: 'a', to: 'b' }, { from: 'b', to: 'c' }])).toEqual([]);
  });

  it('reads the imports it judges', () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges).toContainEqual({ from: 'src/machines/examAttempt.machine.ts', to: 'src/domain/savedAnswers', typeOnly: false });
  });

  it('resolves every relative import to a file (a moved file leaves no edge the rules cannot judge)', () => {
    const exists = (to: string) => ['.ts', '.tsx', '/index.ts'].some((ending) => fs.existsSync(`${to}${ending}`)) || fs.existsSync(to);
    expect(edges.filter((edge) => !exists(edge.to)).map((edge) => `${edge.from} -> ${edge.to}`)).toEqual([]);
  });

  it('imports only down or on the same floor: contracts ← domain ← services/server ← machines ← views', () => {
    expect(broken((edge) => floor(edge.to) > floor(edge.from), (edge) => `${edge.from} (${FLOOR_NAMES[floor(edge.from)]}) -> ${edge.to} (${FLOOR_NAMES[floor(edge.to)]})`)).toEqual([]);
  });

  it('keeps the app and the server apart: the server takes only contracts and domain from src/', () => {
    expect(broken((edge) => edge.from.startsWith('src/') && edge.to.startsWith('server/'))).toEqual([]);
    expect(broken((edge) => edge.from.startsWith('server/') && edge.to.startsWith('src/') && !/^src\/(contracts|domain)\//.test(edge.to))).toEqual([]);
  });

  it('gives machines their services by .provide: a machine imports a service for its types only', () => {
    expect(broken((edge) => edge.from.startsWith('src/machines/') && edge.to.startsWith('src/services/') && !edge.typeOnly)).toEqual([]);
  });

  it('keeps the UI kit below the screens: src/views/ui imports no other part of src/views', () => {
    expect(broken((edge) => edge.from.startsWith('src/views/ui/') && edge.to.startsWith('src/views/') && !edge.to.startsWith('src/views/ui/'))).toEqual([]);
  });

  it('keeps the views without cycles: the start and router on top, the screens, the shell and the UI kit below', () => {
    const views = edges.filter((edge) => /^src\/(views\/|main$)/.test(edge.from.replace(/\.tsx?$/, '')) && edge.to.startsWith('src/views/'));
    expect(views.length).toBeGreaterThan(100);
    expect(cyclesOf(views.map((edge) => ({ from: edge.from.replace(/\.tsx?$/, ''), to: edge.to })))).toEqual([]);
    // The shell (src/views/app) every screen uses imports no screen and not the start: only itself and the UI kit.
    expect(broken((edge) => edge.from.startsWith('src/views/app/') && edge.to.startsWith('src/views/') && !/^src\/views\/(app|ui)\//.test(edge.to))).toEqual([]);
    // Only the entry and the start itself reach the start (src/views/start): nothing below it imports it back.
    expect(broken((edge) => edge.to.startsWith('src/views/start/') && !edge.from.startsWith('src/views/start/') && edge.from !== 'src/main.ts')).toEqual([]);
  });

  it('keeps the database layer below the areas: server/db imports no area', () => {
    expect(broken((edge) => edge.from.startsWith('server/db/') && areaOf(edge.to) !== null)).toEqual([]);
  });

  it('has no two server areas importing each other', () => {
    const between = new Set(edges.flatMap((edge) => (areaOf(edge.from) && areaOf(edge.to) && areaOf(edge.from) !== areaOf(edge.to) ? [`${areaOf(edge.from)} ${areaOf(edge.to)}`] : [])));
    const cycles = [...between].filter((pair) => pair.split(' ')[0]! < pair.split(' ')[1]! && between.has(pair.split(' ').reverse().join(' '))).map((pair) => `area cycle ${pair.replace(' ', ' <-> ')}`);
    expect(cycles.filter((cycle) => !KNOWN.has(cycle))).toEqual([]);
  });

  it('lists no known exception that has been mended', () => {
    const stillThere = new Set([
      ...edges.map(doorOf),
      ...edges.flatMap((edge) => (areaOf(edge.from) && areaOf(edge.to) && areaOf(edge.from) !== areaOf(edge.to) ? [`area cycle ${[areaOf(edge.from), areaOf(edge.to)].sort().join(' <-> ')}`] : [])),
    ]);
    expect([...KNOWN].filter((door) => !stillThere.has(door))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The shape of an area (docs/decisions.md, "The shape of an area"): routes.ts → use case → queries.

/** Kysely's builders: a call of one of them is SQL, wherever it is written. */
const BUILDERS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto', 'selectNoFrom']);

/** Where SQL may be written: an area's queries.ts or queries/ folder, and the database layer. */
const mayHoldSql = (file: string) => file.startsWith('server/db/') || /\/queries(\.ts|\/)/.test(file);

/** The SQL of a file: each builder call and each `sql` template or helper (sql.raw, sql.ref, …), by line. */
function sqlOf(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) => found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${what}`);
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name.text;
      if (BUILDERS.has(name)) at(node, name);
      else if (ts.isIdentifier(node.expression.expression) && node.expression.expression.text === 'sql') at(node, `sql.${name}`);
    } else if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') {
      at(node, 'sql`…`');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Files that still write SQL outside their area's queries: the moves not yet made, each to be emptied
 * into its area's queries.ts (or queries/ folder). The list only shrinks: a file that has moved fails
 * the last test below until it leaves the list, and no new file may join it.
 */
const SQL_NOT_YET_MOVED = new Set<string>([
  'server/account/demo-accounts.ts',
  'server/account/otp.ts',
  'server/account/rate-limit.ts',
  'server/account/sessions.ts',
  'server/challenges/desk.ts',
  'server/challenges/explanation.ts',
  'server/challenges/regrade.ts',
  'server/challenges/student.ts',
  'server/cli.ts',
  'server/exams/faculties.ts',
  'server/exams/grading.ts',
  'server/exams/regrading.ts',
  'server/exams/today.ts',
  'server/health.ts',
  'server/import/diff.ts',
  'server/import/export.ts',
  'server/import/held.ts',
  'server/import/index.ts',
  'server/import/sections.ts',
  'server/results/challengeCounts.ts',
  'server/results/itemAnalysis.ts',
  'server/results/learning.ts',
  'server/results/marking.ts',
  'server/results/projections.ts',
  'server/results/regradeHistory.ts',
  'server/results/staffResults.ts',
  'server/staff/batches.ts',
  'server/staff/forumQueue.ts',
  'server/staff/schedule.ts',
]);

/**
 * A function that takes the Fastify app: the server's top (server/*.ts: the app, the areas, realtime,
 * the jobs' wiring) and an area's route plugins (`…Routes(fastify)`). A use case takes AreaDeps
 * (server/deps.ts) or a part of it. Files whose use cases still take the app, to be emptied:
 */
const APP_TAKERS_NOT_YET_MOVED = new Set<string>([
  'server/account/otp-sender.ts',
  'server/account/password-setting.ts',
  'server/account/profile.ts',
  'server/account/sign-in.ts',
  'server/challenges/regrade.ts',
  'server/content/student-media.ts',
  'server/exams/examActivity.ts',
  'server/forum/posting.ts',
  'server/import/jobs.ts',
  'server/media/licence.ts',
  'server/media/streams.ts',
  'server/notifications/publish.ts',
  'server/results/marking.ts',
  'server/staff/batches.ts',
  'server/staff/forumDesk.ts',
  'server/staff/schedule.ts',
  'server/storage/serving.ts',
  'server/storage/uploads.ts',
]);

/** The functions of an area's file that declare a parameter of type FastifyInstance, other than route plugins. */
function appTakersOf(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node)) {
      const takesApp = node.parameters.some((parameter) => parameter.type && /\bFastifyInstance\b/.test(parameter.type.getText(source)));
      const name = node.name && ts.isIdentifier(node.name) ? node.name.text : ts.isVariableDeclaration(node.parent) && ts.isIdentifier(node.parent.name) ? node.parent.name.text : '(anonymous)';
      if (takesApp && !/Routes$/.test(name)) found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${name}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const serverFiles = sourceFiles('server').map((file) => file.split(path.sep).join('/'));
const areaFiles = serverFiles.filter((file) => areaOf(file) !== null);

describe('the shape of an area', () => {
  it('reads the SQL it judges', () => {
    expect(sqlOf('server/exams/queries.ts').length).toBeGreaterThan(10);
    expect(sqlOf('server/staff/queries.ts')).toContainEqual(expect.stringMatching(/ selectFrom$/));
  });

  it('writes SQL only in an area\'s queries.ts (or queries/ folder) and in server/db', () => {
    const outside = serverFiles.filter((file) => !mayHoldSql(file) && !SQL_NOT_YET_MOVED.has(file)).flatMap(sqlOf);
    expect(outside).toEqual([]);
  });

  it('gives use cases their dependencies as one object, never the Fastify app', () => {
    expect(appTakersOf('server/storage/uploads.ts')).toContainEqual(expect.stringMatching(/ uploads$/));
    expect(appTakersOf('server/staff/session.ts')).toEqual([]);
    const takers = areaFiles.filter((file) => !APP_TAKERS_NOT_YET_MOVED.has(file)).flatMap(appTakersOf);
    expect(takers).toEqual([]);
  });

  it('declares on every staff route what it acts on, and no handler checks a course by hand', async () => {
    const routes = await contractRegistry();
    const undeclared = [...routes].filter(([route]) => route.config.access === 'staff' && route.config.staff === undefined).map(([, name]) => name);
    expect(undeclared).toEqual([]);
    // The one check lives in server/staff/access.ts; a handler that refuses a course itself is a second one.
    const byHand = serverFiles.filter((file) => file !== 'server/staff/access.ts' && /\b(accessErrors|notYourCourse|assertTeaches)\b/.test(fs.readFileSync(file, 'utf8')));
    expect(byHand).toEqual([]);
  });

  it('lists no file that has moved', () => {
    expect([...SQL_NOT_YET_MOVED].filter((file) => !fs.existsSync(file) || sqlOf(file).length === 0)).toEqual([]);
    expect([...APP_TAKERS_NOT_YET_MOVED].filter((file) => !fs.existsSync(file) || appTakersOf(file).length === 0)).toEqual([]);
  });
});
