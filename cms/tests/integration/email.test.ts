import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '@fie/mailcatcher';
import { startCms, type TestCms } from '../helpers/strapi';

let cms: TestCms;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;

beforeAll(async () => {
  mail = await startMailCatcher({ port: 0 });
  cms = await startCms({
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      EMAIL_FROM: 'Fie Homes <no-reply@fiehomes.test>',
    },
  });
});
afterAll(async () => {
  await cms?.stop();
  await mail?.close();
});

describe('outgoing e-mail', () => {
  it('is delivered over real SMTP by the nodemailer provider with the configured sender', async () => {
    await cms.strapi.plugin('email').service('email').send({
      to: 'ama@example.com',
      subject: 'Your viewing is booked',
      text: 'See you on Monday at 10:00.',
      html: '<p>See you on Monday at 10:00.</p>',
    });
    const message = await mail.waitFor({ to: 'ama@example.com', subject: 'Your viewing is booked' });
    expect(message.from).toContain('no-reply@fiehomes.test');
    expect(message.text).toContain('Monday at 10:00');
    expect(message.html).toContain('<p>');
  });
});
