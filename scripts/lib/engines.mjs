// Which installed packages accept which Node (issue 19 §5): the `engines.node` ranges of
// package-lock.json, read without a semver package (the forms npm packages use: `>=20.19`,
// `^20.19.0 || >=22.12.0`, `18 || 20 || >=22`, `>= 22`, `20.x`).

/** `[major, minor, patch]` of "20.19.1", "v20", "20.x" (missing or wildcard parts are null). */
function parseVersion(text) {
  const parts = String(text).trim().replace(/^v/, '').split('.');
  return [0, 1, 2].map((i) => (/^\d+$/.test(parts[i] ?? '') ? Number(parts[i]) : null));
}

/** -1, 0 or 1: `a` against `b`, both full `[major, minor, patch]`. */
function compare(a, b) {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

/** Whether full version `have` fits one comparator (`>=20.19`, `^22.13.0`, `~20.1`, `20`, `<23`). */
function fitsComparator(have, comparator) {
  const match = /^(>=|<=|>|<|\^|~|=)?\s*(.+)$/.exec(comparator);
  if (!match) return false;
  const [, operator = '', version] = match;
  const want = parseVersion(version);
  if (want[0] === null) return true; // `*`, `x`
  const floor = want.map((n) => n ?? 0);
  const order = compare(have, floor);
  const samePrefix = want.every((n, i) => n === null || n === have[i]);
  switch (operator) {
    case '>=':
      return order >= 0;
    case '>':
      return order > 0;
    case '<=':
      return order <= 0;
    case '<':
      return order < 0;
    case '^':
      return order >= 0 && (floor[0] > 0 ? have[0] === floor[0] : have[0] === 0 && have[1] === floor[1]);
    case '~':
      return order >= 0 && have[0] === floor[0] && (want[1] === null || have[1] === floor[1]);
    default:
      return samePrefix;
  }
}

/** Whether Node `version` ("20.19.0") satisfies the engines range `range`; an empty range accepts all. */
export function nodeSatisfies(version, range) {
  if (!range || !String(range).trim()) return true;
  const have = parseVersion(version).map((n) => n ?? 0);
  return String(range)
    .split('||')
    .some((alternative) => {
      const comparators = alternative
        .trim()
        .replace(/(>=|<=|>|<|\^|~|=)\s+/g, '$1')
        .split(/\s+/)
        .filter(Boolean);
      return comparators.length === 0 || comparators.every((c) => fitsComparator(have, c));
    });
}

/**
 * The installed packages a workspace needs at run time, from package-lock.json (`lock`, lockfile v3):
 * its dependencies, optional dependencies and required peer dependencies, transitively, resolved as
 * Node does (the nearest `node_modules` up the tree) → Map of lock path to its entry.
 */
export function runtimeClosure(lock, workspacePath) {
  const packages = lock.packages;
  const found = new Map();
  const visit = (location) => {
    if (found.has(location)) return;
    const entry = packages[location];
    if (!entry) return;
    found.set(location, entry);
    const target = entry.link ? entry.resolved : location;
    const real = packages[target] ?? entry;
    const names = [
      ...Object.keys(real.dependencies ?? {}),
      ...Object.keys(real.optionalDependencies ?? {}),
      ...Object.keys(real.peerDependencies ?? {}).filter((n) => !real.peerDependenciesMeta?.[n]?.optional),
    ];
    for (const name of names) {
      let base = target;
      for (;;) {
        const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
        if (packages[candidate]) {
          visit(candidate);
          break;
        }
        if (!base) break;
        const cut = base.lastIndexOf('/node_modules/');
        base = cut >= 0 ? base.slice(0, cut) : '';
      }
    }
  };
  visit(workspacePath);
  found.delete(workspacePath);
  return found;
}
