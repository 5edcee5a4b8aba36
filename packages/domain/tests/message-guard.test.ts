import { describe, expect, it } from 'vitest';
import {
  foldForGuard,
  ghanaNumbersIn,
  guardMessage,
  messageParts,
  type GuardReason,
} from '../src/message-guard.js';

const reasons = (text: string, statedCosts = {}) => guardMessage(text, { statedCosts }).reasons.sort();
const flagged = (text: string, statedCosts = {}) => guardMessage(text, { statedCosts }).flagged;

// Each case: the message and the reasons it is flagged for ([] when it must pass).
const CASES: Record<string, Array<[string, GuardReason[]]>> = {
  English: [
    ['Send the viewing fee to 0244123456 and I will show you the house', ['money-to-number', 'viewing-fee']],
    ['There is an inspection fee of GHS 100.', ['viewing-fee']],
    ['You have to pay first before we go.', ['pay-first']],
    ['Please make payment before the viewing.', ['pay-before-viewing']],
    ['My MoMo number is 024 412 3456, send it there', ['money-to-number']],
    ['Transfer to account 1234567890 at GCB', ['money-to-number']],
    ['Send the money upfront and the keys are yours', ['pay-first']],
    // Must pass
    ['The viewing is on Saturday at 10:00. See you there.', []],
    ['Call me on 024 412 3456 when you arrive at the gate.', []],
    ['I will send you the photos first, then we can book a time.', []],
    ['How many bedrooms does it have?', []],
  ],
  French: [
    ['Les frais de visite sont de 50 cedis.', ['viewing-fee']],
    ["Vous devez payer d'abord.", ['pay-first']],
    ['Envoyez le paiement avant la visite.', ['pay-before-viewing']],
    ["Faites un dépôt au 0244123456 s'il vous plaît", ['money-to-number']],
    // Must pass
    ['La visite est samedi à 10 h. Appelez-moi au 024 412 3456.', []],
    ["Je vous envoie d'abord les photos.", []],
  ],
  Spanish: [
    ['La tarifa de visita es de 50 cedis.', ['viewing-fee']],
    ['Tiene que pagar primero.', ['pay-first']],
    ['Haga el pago antes de la visita, por favor.', ['pay-before-viewing']],
    ['Envía el dinero al 055 123 4567', ['money-to-number']],
    // Must pass
    ['La visita es el sábado a las 10. Llámeme al 024 412 3456.', []],
    ['¿Cuántos dormitorios tiene la casa?', []],
  ],
  Twi: [
    ['Tua sika no kan na yɛakɔhwɛ fie no', ['pay-first']],
    ['Wobɛtua hwɛ fie no sika', ['viewing-fee']],
    ['Tua sika ansa na wobɛhwɛ', ['pay-before-viewing']],
    ['To sika no ma me wɔ 0244123456 so', ['money-to-number']],
    // Must pass: "We will go and see the house on Saturday"
    ['Yɛbɛkɔ akɔhwɛ fie no Memeneda', []],
  ],
  Pidgin: [
    ['Make you pay the viewing money first', ['pay-first', 'viewing-fee']],
    [
      'Drop the money for my momo 0244123456 before you fit see the house',
      ['money-to-number', 'pay-before-viewing'],
    ],
    ['Send am first, then we go see the place', ['pay-first']],
    ['Viewing no be free oo', ['viewing-fee']],
    // Must pass
    ['I go show you the place tomorrow morning', []],
  ],
};

describe('the scam guard: a request for money before a viewing', () => {
  for (const [language, cases] of Object.entries(CASES)) {
    describe(language, () => {
      for (const [text, expected] of cases) {
        it(`${expected.length ? 'flags' : 'passes'} “${text}”`, () => {
          expect(reasons(text)).toEqual([...expected].sort());
          expect(flagged(text)).toBe(expected.length > 0);
        });
      }
    });
  }

  describe("the listing's own stated costs", () => {
    const costs = { advance: true, agencyFee: true, registrationFee: true };
    it.each([
      ['The advance is 12 months, and the agency fee is 10% of it.'],
      ['You pay the advance first, then we sign the tenancy agreement.'],
      ["Vous payez d'abord l'avance, puis nous signons le bail."],
      ['Primero paga el adelanto y luego firmamos.'],
      ['The registration fee is paid first, at the signing.'],
    ])('are not flagged: “%s”', (text) => {
      expect(reasons(text, costs)).toEqual([]);
    });

    it('are flagged when the listing does not state them', () => {
      expect(reasons('You pay the advance first, then we sign the tenancy agreement.')).toEqual([
        'pay-first',
      ]);
    });

    it('are still flagged before a viewing, or sent to a number', () => {
      expect(reasons('Pay the agency fee before the viewing.', costs)).toEqual(['pay-before-viewing']);
      expect(reasons('Send the registration fee to 0244123456.', costs)).toEqual(['money-to-number']);
    });
  });

  it('reads a number however it is written, and ignores short numbers', () => {
    expect(ghanaNumbersIn('momo: +233 24 412 3456')).toEqual(['+233244123456']);
    expect(ghanaNumbersIn('call 024-412-3456 or 020 123 4567')).toEqual(['+233244123456', '+233201234567']);
    expect(flagged('Pay GHS 500 for 2 bedrooms on the 3rd floor after you sign')).toBe(false);
  });

  it('folds accents, case and the Twi letters', () => {
    expect(foldForGuard('FRAIS  DE VISITÉ Ɛ ɔ')).toBe('frais de visite e o');
  });
});

describe('links in a message', () => {
  const own = ['fiehomes.com.gh', 'www.fiehomes.com.gh'];

  it('keeps links to our own pages, and shows other sites as text with their domain', () => {
    expect(
      messageParts(
        'See https://fiehomes.com.gh/property/abc and pay at http://momo-pay.example.net/x now',
        own,
      ),
    ).toEqual([
      { type: 'text', text: 'See ' },
      {
        type: 'link',
        text: 'https://fiehomes.com.gh/property/abc',
        href: 'https://fiehomes.com.gh/property/abc',
      },
      { type: 'text', text: ' and pay at ' },
      { type: 'outside-link', text: 'http://momo-pay.example.net/x', domain: 'momo-pay.example.net' },
      { type: 'text', text: ' now' },
    ]);
  });

  it('treats a bare domain and a look-alike host as outside links', () => {
    expect(messageParts('go to fiehomes-payments.com', own)).toEqual([
      { type: 'text', text: 'go to ' },
      { type: 'outside-link', text: 'fiehomes-payments.com', domain: 'fiehomes-payments.com' },
    ]);
    expect(messageParts('https://fiehomes.com.gh.evil.example/login', own)[0]).toMatchObject({
      type: 'outside-link',
      domain: 'fiehomes.com.gh.evil.example',
    });
  });

  it('leaves a message without links as one text', () => {
    expect(messageParts('Is it still free?', own)).toEqual([{ type: 'text', text: 'Is it still free?' }]);
    expect(messageParts('', own)).toEqual([]);
  });
});
