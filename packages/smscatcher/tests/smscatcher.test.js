import { afterEach, describe, expect, it } from 'vitest';
import smpp from 'smpp';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSmsCatcher } from '../src/index.js';

let catcher;
let client;
afterEach(async () => {
  client?.destroy();
  await catcher?.close();
});

/** A plain SMPP client, bound as a transceiver; resolves once the bind is answered. */
function bind(url, credentials = { system_id: 'fie', password: 'secret' }) {
  return new Promise((resolve, reject) => {
    const session = smpp.connect({ url }, () =>
      session.bind_transceiver(credentials, (pdu) =>
        pdu.command_status === 0
          ? resolve(session)
          : reject(Object.assign(new Error('bind refused'), { pdu })),
      ),
    );
    session.on('error', reject);
    client = session;
  });
}

const submit = (session, options) =>
  new Promise((resolve) => session.submit_sm(options, (pdu) => resolve(pdu)));

describe('the SMS catcher', () => {
  it('takes a text, keeps it as a file and sends a delivery receipt naming its message id', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sms-'));
    catcher = await startSmsCatcher({ port: 0, dir, systemId: 'fie', password: 'secret' });
    const session = await bind(`smpp://127.0.0.1:${catcher.port}`);
    const receipt = new Promise((resolve) =>
      session.on('deliver_sm', (pdu) => {
        session.send(pdu.response());
        resolve(pdu);
      }),
    );
    const answer = await submit(session, {
      source_addr: 'FieHomes',
      destination_addr: '+233244123456',
      short_message: 'Fie Homes: your sign-up code is 0427.',
      data_coding: 0,
      registered_delivery: 1,
    });
    expect(answer.command_status).toBe(0);
    const text = await catcher.waitFor({ to: '+233244123456', text: /code is (\d{4})/ });
    expect(text).toMatchObject({ messageId: answer.message_id, from: 'FieHomes', encoding: 'GSM-7' });
    expect(text.text).toBe('Fie Homes: your sign-up code is 0427.');
    expect(await readFile(text.file, 'utf8')).toContain('Fie Homes: your sign-up code is 0427.');
    const pdu = await receipt;
    expect(pdu.esm_class & 0x04).toBe(0x04);
    expect(pdu.short_message.message).toMatch(new RegExp(`^id:${answer.message_id} .*stat:DELIVRD`));
  });

  it('decodes UCS-2 and refuses wrong credentials', async () => {
    catcher = await startSmsCatcher({ port: 0, systemId: 'fie', password: 'secret' });
    await expect(
      bind(`smpp://127.0.0.1:${catcher.port}`, { system_id: 'fie', password: 'nope' }),
    ).rejects.toThrow('bind refused');
    const session = await bind(`smpp://127.0.0.1:${catcher.port}`);
    await submit(session, {
      destination_addr: '233244123456',
      short_message: 'Loyer ₵4,500',
      data_coding: 8,
    });
    const text = await catcher.waitFor({ to: '+233244123456' });
    expect(text).toMatchObject({ text: 'Loyer ₵4,500', encoding: 'UCS-2', receiptRequested: false });
  });

  it('sends an inbound text to a bound client, and refuses while it is away', async () => {
    catcher = await startSmsCatcher({ port: 0 });
    const session = await bind(`smpp://127.0.0.1:${catcher.port}`);
    const inbound = new Promise((resolve) => session.on('deliver_sm', (pdu) => resolve(pdu)));
    expect(catcher.inbound('+233244123456', 'STOP')).toBe(1);
    const pdu = await inbound;
    expect(pdu).toMatchObject({ source_addr: '+233244123456', esm_class: 0 });
    expect(pdu.short_message.message).toBe('STOP');

    catcher.refuse();
    expect(catcher.boundClients).toBe(0);
    await expect(bind(`smpp://127.0.0.1:${catcher.port}`)).rejects.toThrow('bind refused');
    catcher.resume();
    await expect(bind(`smpp://127.0.0.1:${catcher.port}`)).resolves.toBeDefined();
  });

  it('sends a receipt whose client died before the answer down another bound session, until answered', async () => {
    catcher = await startSmsCatcher({ port: 0, answerDelayMs: 200 });
    const url = `smpp://127.0.0.1:${catcher.port}`;
    const dying = await bind(url);
    const survivor = await bind(url);
    const receipts = [];
    survivor.on('deliver_sm', (pdu) => {
      receipts.push(pdu.short_message.message);
      survivor.send(pdu.response());
    });
    dying.submit_sm({
      destination_addr: '233244123456',
      short_message: 'Viewing booked',
      registered_delivery: 1,
    });
    // The client dies while the SMSC, which has the text, is yet to answer.
    setTimeout(() => dying.destroy(), 50);
    const text = await catcher.waitFor({ to: '+233244123456' });
    await expect.poll(() => receipts.length).toBe(1);
    expect(receipts[0]).toMatch(new RegExp(`^id:${text.messageId} .*stat:DELIVRD`));
    client = survivor;
  });
});
