import { describe, expect, it } from 'vitest';
import { userMessages } from '@portal/contracts';
import { passwordProblem } from '../../src/accounts/password-policy';

describe('password policy (issue 23 §2, ASVS 2.1.1, 2.1.7)', () => {
  it('refuses passwords under 12 characters, such as the demo password', () => {
    expect(passwordProblem('demo1234')).toBe(userMessages.passwordTooShort);
    expect(passwordProblem('Xk9!q2#Lm4z')).toBe(userMessages.passwordTooShort);
  });

  it('refuses a password of the shipped breached-password list, whatever its case', () => {
    expect(passwordProblem('1q2w3e4r5t6y')).toBe(userMessages.passwordBreached);
    expect(passwordProblem('QWERTY123456')).toBe(userMessages.passwordBreached);
    expect(passwordProblem('iloveyou12345')).toBe(userMessages.passwordBreached);
    expect(passwordProblem('password1234')).toBe(userMessages.passwordBreached);
  });

  it('refuses repeats, sequences and the user’s own email or name', () => {
    expect(passwordProblem('aaaaaaaaaaaaaaaa')).not.toBeNull();
    expect(passwordProblem('abcdefghijklmnop')).not.toBeNull();
    expect(passwordProblem('zeldakowalski', ['zelda.kowalski@dealer.test', 'Zelda Kowalski'])).toBe(
      userMessages.passwordPersonal,
    );
  });

  it('refuses a password that contains the user’s name or email name part, whatever the case, spaces or punctuation', () => {
    const inputs = ['qa.dealer1@example.test', 'QA Dealer One'];
    // Accepted by zxcvbn alone (QA, 2026-11-29): its case and suffix made the estimate high enough.
    expect(passwordProblem('QADealerOne2026!', inputs)).toBe(userMessages.passwordPersonal);
    expect(passwordProblem('qadealerone2026', inputs)).toBe(userMessages.passwordPersonal);
    expect(passwordProblem('QA-Dealer-1-harbor', inputs)).toBe(userMessages.passwordPersonal);
    // Other people's names, and a password without the user's own, stay the other rules' business.
    expect(passwordProblem('Tangerine-Mailbox-Orbit-42', inputs)).toBeNull();
    expect(passwordProblem('QADealerOne2026!', ['zelda.kowalski@dealer.test', 'Zelda Kowalski'])).toBeNull();
  });

  it('accepts long unusual passwords and passphrases', () => {
    expect(passwordProblem('correct horse battery staple')).toBeNull();
    expect(passwordProblem('kX9#mq2!vL7pRz')).toBeNull();
    expect(passwordProblem('Tangerine-Mailbox-Orbit-42')).toBeNull();
  });
});
