import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, userMessages } from '@portal/contracts';

/**
 * The password rule of every password set from now on (issue 23 §2, ASVS 2.1.1, 2.1.7; docs/users.md):
 * 12 to 128 characters (the contract checks the length too), not one of the ~49,000 common passwords
 * of the xato leaked-password corpus shipped by `@zxcvbn-ts/language-common` (offline, no network at
 * run time), and not built from them or other easily guessed patterns: zxcvbn (`@zxcvbn-ts/core`,
 * the same dictionaries) must estimate at least 10^8 guesses (score 3), with the user's email and
 * name as extra words. Passwords set before this rule (the demo's 'demo1234') keep working.
 */

const MIN_SCORE = 3;

let checker: ZxcvbnFactory | null = null;
let breached: Set<string> | null = null;

function load() {
  if (!checker) {
    checker = new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });
    breached = new Set(common.dictionary['passwords-common'] as string[]);
  }
  return { checker, breached: breached! };
}

/**
 * Why a new password is refused, or null when it is accepted. `userInputs`: the user's email and
 * name (and the parts of the email), which make a password easy to guess.
 */
export function passwordProblem(password: string, userInputs: string[] = []): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return userMessages.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return userMessages.passwordTooLong;
  const { checker, breached } = load();
  if (breached.has(password.toLowerCase())) return userMessages.passwordBreached;
  const words = userInputs
    .flatMap((input) => [input, ...input.toLowerCase().split(/[^a-z0-9]+/)])
    .filter((w) => w.length >= 3);
  const result = checker.check(password, words);
  if (result.score < MIN_SCORE) {
    const fromBreached = result.sequence.some(
      (match) => 'dictionaryName' in match && match.dictionaryName === 'passwords-common',
    );
    return fromBreached ? userMessages.passwordBreached : userMessages.passwordGuessable;
  }
  return null;
}
