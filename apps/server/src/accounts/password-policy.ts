import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, userMessages } from '@portal/contracts';

/**
 * The password rule of every password set from now on (issue 23 §2, ASVS 2.1.1, 2.1.7; docs/users.md):
 * 12 to 128 characters (the contract checks the length too), not one of the ~49,000 common passwords
 * of the xato leaked-password corpus shipped by `@zxcvbn-ts/language-common` (offline, no network at
 * run time), and not built from them or other easily guessed patterns: zxcvbn (`@zxcvbn-ts/core`,
 * the same dictionaries) must estimate at least 10^8 guesses (score 3), with the user's email and
 * name as extra words; and not containing the user's name or their email's name part, spaces and
 * punctuation aside (`containsPersonal`). Passwords set before this rule (the demo's 'demo1234')
 * keep working.
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

/** Letters and digits only, lower case: "QA.Dealer-1" → "qadealer1". */
const joined = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Whether the password, its letters and digits run together, contains one of the user's inputs run
 * together (a name "QA Dealer One" → "qadealerone"; an email's name part "qa.dealer1" → "qadealer1")
 * of at least 4 characters: "QADealerOne2026!" or "qa.dealer1-example" is the user's own name or
 * address whatever zxcvbn estimates for its case and suffix (ASVS 2.1, context-specific words).
 */
function containsPersonal(password: string, userInputs: string[]): boolean {
  const candidate = joined(password);
  return userInputs
    .flatMap((input) => [joined(input.includes('@') ? input.slice(0, input.indexOf('@')) : input)])
    .some((word) => word.length >= 4 && candidate.includes(word));
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
  if (containsPersonal(password, userInputs)) return userMessages.passwordPersonal;
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
