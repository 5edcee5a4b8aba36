import { describe, expect, it } from 'vitest';
import { dkimOptions, namedSender, senderFor, splitSender } from '../../src/shared/mail-sender';

describe('the sender of e-mails', () => {
  it("keeps EMAIL_FROM's own display name, names a bare address by the brand, else Fie Homes", () => {
    expect(senderFor('Fie Homes Accra <no-reply@fiehomes.com.gh>', 'Brand')).toEqual({
      name: 'Fie Homes Accra',
      address: 'no-reply@fiehomes.com.gh',
    });
    expect(senderFor('"Fie, Homes" <no-reply@fiehomes.com.gh>')).toEqual({
      name: 'Fie, Homes',
      address: 'no-reply@fiehomes.com.gh',
    });
    expect(senderFor('no-reply@fiehomes.com.gh', 'Fie Homes Ghana')).toEqual({
      name: 'Fie Homes Ghana',
      address: 'no-reply@fiehomes.com.gh',
    });
    expect(senderFor('no-reply@fiehomes.com.gh', '  ')).toEqual({
      name: 'Fie Homes',
      address: 'no-reply@fiehomes.com.gh',
    });
    expect(splitSender('no-reply@fiehomes.com.gh')).toEqual({
      name: '',
      address: 'no-reply@fiehomes.com.gh',
    });
    expect(namedSender('no-reply@fiehomes.com.gh')).toBe('"Fie Homes" <no-reply@fiehomes.com.gh>');
  });

  it('signs with the three DKIM settings only, List-Unsubscribe and List-Unsubscribe-Post among the headers', () => {
    expect(dkimOptions({ domain: 'fiehomes.com.gh', selector: 'fie2026' })).toBeUndefined();
    const options = dkimOptions({
      domain: ' fiehomes.com.gh ',
      selector: 'fie2026',
      privateKey: '-----BEGIN PRIVATE KEY-----\\nMIIB\\n-----END PRIVATE KEY-----',
    })!;
    expect(options.domainName).toBe('fiehomes.com.gh');
    expect(options.privateKey).toBe('-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----');
    expect(options.headerFieldNames.split(':')).toEqual(
      expect.arrayContaining(['From', 'Subject', 'List-Unsubscribe', 'List-Unsubscribe-Post']),
    );
  });
});
