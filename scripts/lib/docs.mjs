// The checks of scripts/check-docs.mjs (STYLE habit 11, issue 26): documents name only npm scripts
// that exist, the README's quick start runs scripts that exist, and its "Commands" table lists
// exactly package.json's scripts. Pure functions of the texts, so scripts/test/docs.test.mjs can feed
// them a README that lies.

/** The npm script an `npm …` command line runs (`npm start` → start, `npm run x -- y` → x), or null for other commands. */
export function scriptOf(commandLine) {
  const words = commandLine.trim().split(/\s+/);
  if (words[0] !== 'npm') return null;
  const [, verb, name] = words;
  if (verb === 'run' || verb === 'run-script') return name ?? '';
  if (['start', 'test', 'stop', 'restart'].includes(verb)) return verb;
  return null; // npm ci, npm install, … are npm's own commands
}

/** Every `npm run <script>` a document names that `scripts` lacks, as `doc: npm run x`. */
export function undefinedRunScripts(doc, text, scripts) {
  const missing = [];
  for (const match of text.matchAll(/npm run ([a-z][\w:-]*)/g)) {
    if (!scripts.has(match[1])) missing.push(`${doc}: npm run ${match[1]}`);
  }
  return missing;
}

/** The text of the `## title` section of a Markdown document (up to the next `## `), or null. */
export function section(text, title) {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${title}`);
  if (start < 0) return null;
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/**
 * Problems of the README's quick start: its first code block must run `npm start` and `npm test`,
 * and every npm script it runs must exist.
 */
export function quickStartProblems(readme, scripts) {
  const text = section(readme, 'Quick start');
  if (text === null) return ['README.md has no "## Quick start" section'];
  const block = /```[^\n]*\n([\s\S]*?)```/.exec(text);
  if (!block) return ['README.md "Quick start" has no code block'];
  const problems = [];
  const run = [];
  for (const line of block[1].split('\n')) {
    const command = line.replace(/\s#.*$/, '').trim();
    if (!command) continue;
    const script = scriptOf(command);
    if (script === null) continue;
    run.push(script);
    if (!scripts.has(script))
      problems.push(`README.md "Quick start" runs \`${command}\`, but package.json has no "${script}" script`);
  }
  for (const promised of ['start', 'test']) {
    if (!run.includes(promised)) problems.push(`README.md "Quick start" does not run \`npm ${promised}\``);
  }
  return problems;
}

/**
 * Problems of the README's "Commands" table: each npm command in its first column must run a script
 * that exists, and each script of package.json must be in the table.
 */
export function commandsTableProblems(readme, scripts) {
  const text = section(readme, 'Commands');
  if (text === null) return ['README.md has no "## Commands" section'];
  const problems = [];
  const listed = new Set();
  for (const row of text.split('\n').filter((line) => line.startsWith('|'))) {
    const firstCell = row.split('|')[1] ?? '';
    for (const match of firstCell.matchAll(/`([^`]+)`/g)) {
      const script = scriptOf(match[1]);
      if (script === null) continue;
      listed.add(script);
      if (!scripts.has(script))
        problems.push(`README.md "Commands" lists \`${match[1]}\`, but package.json has no "${script}" script`);
    }
  }
  for (const script of scripts) {
    if (!listed.has(script)) problems.push(`package.json script "${script}" is missing from README.md "Commands"`);
  }
  return problems;
}
