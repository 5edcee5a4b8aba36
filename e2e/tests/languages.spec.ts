// The language switcher and the translated parts of the public pages, in a real browser at both widths.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { COMMON } from '../../site/src/i18n/common';
import { HOME } from '../../site/src/i18n/home';
import { CARDS } from '../../site/src/i18n/cards';
import { LISTING } from '../../site/src/i18n/listing';
import { PROPERTY } from '../../site/src/i18n/property';
import { AREA_MAP, ENQUIRY, VIEWING } from '../../site/src/i18n/property-islands';
import { AUTH, DASHBOARD } from '../../site/src/i18n/account';
import { ABOUT } from '../../site/src/i18n/about';
import { expectNoAxeViolations } from './site-support';
import {
  PASSWORD,
  fromNewestMail,
  seekerAddedByStaff,
  signInThroughForm,
  typeCode,
  uniqueEmail,
} from './account-support';

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/** The switcher's link for `name` ("Español"), in the header's bar or, on a phone, its menu. */
async function switchTo(page: Page, name: string) {
  if (isPhone(page)) {
    await page.locator('#menu-button').click();
    await page.locator('#mobile-menu').getByRole('link', { name }).click();
  } else {
    await page.locator('#top-bar').getByRole('link', { name }).click();
  }
}

/**
 * The words of the page's parts at `selectors`, every text node (screen-reader-only ones too), but
 * none marked lang="en": marketing's copy not yet translated is shown in English, and says so.
 */
async function wordsOf(page: Page, selectors: string[]): Promise<string> {
  return page.evaluate((selectors) => {
    const texts: string[] = [];
    for (const root of selectors.flatMap((s) => [...document.querySelectorAll(s)])) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        if (!node.parentElement?.closest('[lang="en"], script, style')) texts.push(node.textContent ?? '');
    }
    return texts.join('\n');
  }, selectors);
}

type Catalogues = Record<'en' | 'fr' | 'es', Record<string, string>>;

/** The English texts of the catalogues found in `text`, as whole words ("Home" is not in "Fie Homes"). */
function englishIn(text: string, language: 'fr' | 'es', more: Catalogues[] = []) {
  return englishOnly(language, more).filter((english) =>
    new RegExp(`(?<![\\p{L}])${english.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u').test(text),
  );
}

/** English texts of the catalogues that read differently in `language` (a name or "Admin" does not). */
function englishOnly(language: 'fr' | 'es', more: Catalogues[] = []) {
  return [COMMON, HOME, CARDS, LISTING, ...more].flatMap((catalogue) =>
    Object.entries(catalogue.en)
      .filter(([key, text]) => (catalogue[language] as Record<string, string>)[key] !== text)
      .map(([, text]) => text.replace(/\{\w+\}/g, '').trim())
      .filter((text) => text.length > 3 && /[a-z]{3}/i.test(text)),
  );
}

test.describe('choosing a language', () => {
  test('the switcher keeps the page and its filters, and the links stay in the language', async ({
    page,
  }) => {
    await page.goto('/fr/properties?leaseType=Rent');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await switchTo(page, 'Español');
    await expect(page).toHaveURL(/\/es\/properties\?leaseType=Rent$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // The footer's plain links do the same, back to English.
    await page.locator('footer').getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/:\d+\/properties\?leaseType=Rent$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GH');

    // A property card's link, the brand and the menu's links keep French.
    await page.goto('/fr/');
    await page.locator('[data-featured] article').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/fr\/property\/[a-z0-9]+$/);
    if (isPhone(page)) await page.locator('#menu-button').click();
    await page.locator('#top-bar').getByRole('link', { name: 'Biens', exact: true }).click();
    await expect(page).toHaveURL(/\/fr\/properties$/);
  });

  for (const language of ['fr', 'es'] as const) {
    test(`the chrome, the hero search and the property cards hold no English in ${language}`, async ({
      page,
    }) => {
      await page.goto(`/${language}/`);
      if (isPhone(page)) await page.locator('#menu-button').click();
      const text = await wordsOf(page, ['#top-bar', 'footer', '[role="search"]', '[data-featured] article']);
      // Whole words: "Home" is not found in "Fie Homes", nor "Contact" in "Contacto".
      const found = englishOnly(language).filter((english) =>
        new RegExp(`(?<![\\p{L}])${english.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u').test(
          text,
        ),
      );
      expect(found).toEqual([]);
      await page.keyboard.press('Escape');
      await expectNoAxeViolations(page, `/${language}/`);
      // The same check finds English where it is: the English home page.
      await page.goto('/');
      expect(await page.locator('footer').innerText()).toContain(COMMON.en.newsletterTitle);
    });
  }

  test('a city listing in French: heading, filters, paging, cards, the map and saving the search', async ({
    page,
  }) => {
    await page.goto('/fr/properties/accra?leaseType=Rent');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Biens à Accra à louer');
    await expect(page.locator('#listing-subtitle')).toHaveText(/^\d+ biens? correspond/);
    // Filtered, the panel opens by itself.
    await expect(page.getByLabel('Type de bien')).toBeVisible();
    // The listing's own words, the cards and the paging hold no English.
    const text = await wordsOf(page, ['#listing-head', '#listing-form', '#listing-results']);
    expect(englishIn(text, 'fr')).toEqual([]);
    // The map, drawn by lazily loaded code, speaks French too.
    await page.getByRole('button', { name: 'Carte' }).click();
    await expect(page.getByRole('region', { name: 'Carte des résultats' })).toBeVisible();
    await expect(page.locator('#listing-map [role="status"]')).toHaveText(/biens? sur la carte/);
    await expect(page.getByRole('button', { name: 'Masquer la carte' })).toBeVisible();
    // Signed out, "Enregistrer cette recherche" leads to the French sign-in page and back here.
    await page.getByRole('button', { name: 'Enregistrer cette recherche' }).click();
    await expect(page).toHaveURL(/\/fr\/login\?next=%2Ffr%2Fproperties%2Faccra/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test("signing up on a French page, booking and cancelling in French; the account's language leads the site", async ({
    page,
    request,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'francophone');
    await page.goto('/fr/register');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Créez votre compte');
    await page.locator('main').getByRole('button', { name: 'E-mail', exact: true }).click();
    await page.locator('main').getByLabel('E-mail', { exact: true }).fill(email);
    await page.locator('main').getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.locator('main').getByLabel('Confirmez le mot de passe', { exact: true }).fill(PASSWORD);
    await expect(page.getByRole('list', { name: 'Règles du mot de passe' })).toContainText('Une majuscule');
    await page.getByRole('button', { name: 'Créer le compte' }).click();
    await expect(page).toHaveURL(/\/fr\/verify-otp$/);
    await expect(page.getByText('Code envoyé ! Consultez votre boîte e-mail.')).toBeVisible();

    // The code e-mail, read from the mail catcher, is in French.
    const code = await fromNewestMail(email, 'code de vérification', ({ subject, text }) => {
      expect(text).toContain('Confirmez votre adresse e-mail');
      return /\b(\d{4})\b/.exec(subject)?.[1] ?? null;
    });
    await typeCode(page, code, 'Chiffre 1 sur 4');
    await page.getByRole('button', { name: 'Valider et créer le compte' }).click();
    await expect(page).toHaveURL(/\/fr\/dashboard$/);
    await expect(page.getByText('Adresse e-mail confirmée ! Votre compte est créé.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Bon retour, /);

    // The journey goes on in French: book a viewing (the last day offered, so it can still be cancelled)
    // and cancel it from the dashboard.
    const listings = (await (await request.get('/api/products?leaseType=Rent&pageSize=24')).json()) as Array<{
      _id: string;
      available: boolean;
    }>;
    const home = listings.filter((l) => l.available).slice(-4)[testInfo.project.name === 'phone' ? 1 : 0]!;
    await page.goto(`/fr/property/${home._id}`);
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    await page.getByRole('button', { name: 'Réserver une visite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Réserver une visite du bien' });
    await dialog.locator('label:has(input[type="radio"])').last().click();
    const time = dialog.getByLabel('Heure');
    await time.selectOption((await time.locator('option:not([value=""])').last().getAttribute('value'))!);
    await dialog.getByRole('button', { name: 'Confirmer la visite' }).click();
    await expect(page.getByText('Votre visite est réservée')).toBeVisible();
    await page.goto('/fr/dashboard#appointments');
    const viewing = page.getByTestId('appointment').filter({ hasText: title });
    await expect(viewing.getByText('Prévue')).toBeVisible();
    const words = await wordsOf(page, ['main']);
    expect(englishIn(words.split(title).join(' '), 'fr', [DASHBOARD])).toEqual([]);
    await viewing.getByRole('button', { name: 'Annuler la visite' }).click();
    await viewing.getByRole('button', { name: 'Oui, l’annuler' }).click();
    await expect(page.getByText('Visite annulée', { exact: true })).toBeVisible();
    await expect(viewing.getByText('Annulée')).toBeVisible();
    await expectNoAxeViolations(page, '/fr/dashboard');

    // A search saved from a French listing is said in French, in the panel and on the dashboard.
    await page.goto('/fr/properties/accra?leaseType=Rent');
    await page.getByRole('button', { name: 'Enregistrer cette recherche' }).click();
    const panel = page.getByRole('form', { name: 'Recevoir les nouveaux résultats par e-mail' });
    await expect(panel).toContainText('Biens à louer à Accra');
    await panel.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(panel.getByRole('status')).not.toBeEmpty();
    await page.goto('/fr/dashboard#saved');
    await expect(page.getByText('Biens à louer à Accra').first()).toBeVisible();

    // Settings: the account's language is French; choosing Spanish saves it and opens the page in it.
    await page.goto('/settings');
    const choice = page.getByRole('combobox', { name: 'Language' });
    await expect(choice).toHaveValue('fr');
    await choice.selectOption('es');
    await expect(page).toHaveURL(/\/es\/settings#account$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
    await expect(page.getByRole('tab', { name: 'Seguridad' })).toBeVisible();

    // Signing in again from the English sign-in page opens the Spanish dashboard.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await signInThroughForm(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/es\/dashboard$/);
  });
});

/** The calendar invite attached to a kept e-mail, decoded from its MIME part. */
function inviteIn(emlFile: string): string {
  const raw = readFileSync(emlFile, 'utf8');
  const part = /Content-Type: text\/calendar[^]*?\r?\n\r?\n([^]*?)\r?\n--/i.exec(raw);
  expect(part, 'the e-mail carries a calendar invite').not.toBeNull();
  const headers = raw.slice(part!.index, part!.index + part![0].length - part![1]!.length);
  const body = part![1]!;
  if (/Content-Transfer-Encoding: base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers))
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

test.describe('the one-time language offer', () => {
  test('a browser that prefers French is offered the French page once, from the cached English page', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/properties?leaseType=Rent');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GH');
    const offer = page.getByRole('link', { name: 'Voir cette page en français ?' });
    await expect(offer).toHaveAttribute('href', '/fr/properties?leaseType=Rent');
    await page.getByRole('button', { name: 'Non merci' }).click();
    await expect(offer).toBeHidden();
    await page.goto('/');
    await expect(page.locator('[data-language-suggestion]')).toBeHidden();
    await context.close();
  });
});

test.describe("marketing's copy in the page's language", () => {
  test('the home, about, services and terms pages read the French or Spanish copy', async ({ page }) => {
    await page.goto('/fr/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Trouvez votre prochain logement au Ghana',
    );
    await expect(page.locator('[data-untranslated]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Appartements', exact: true })).toHaveAttribute(
      'href',
      '/fr/properties?search=Apartment',
    );
    await page.goto('/fr/about-us');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('À propos de Fie Homes');
    await expect(page.getByRole('heading', { name: 'Notre mission' })).toBeVisible();
    expect(englishIn(await wordsOf(page, ['main']), 'fr', [ABOUT])).toEqual([]);
    await page.goto('/fr/services');
    await expect(page.getByRole('link', { name: 'Voir les biens : locations' })).toHaveAttribute(
      'href',
      '/fr/properties?leaseType=Rent',
    );
    await page.goto('/es/terms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Condiciones de uso');
    // The no-show rule's numbers come from the settings, in the page's words.
    await expect(page.locator('main')).toContainText('las reservas se suspenden durante');
    await expect(page.locator('main')).toContainText('Actualizado el');
    await expectNoAxeViolations(page, '/es/terms');
  });

  test('a city page reads its introduction in the page’s language; prices and refused filters are in it too', async ({
    page,
  }) => {
    await page.goto('/fr/locations/ho');
    await expect(
      page.getByText('La capitale de la Volta : des quartiers résidentiels paisibles'),
    ).toBeVisible();
    await expect(page.locator('[data-untranslated]')).toHaveCount(0);
    // French groups a price's digits with a narrow space: "GH₵2 400", never "GH₵2,400".
    const prices = await page.locator('#listing-results article').allInnerTexts();
    expect(prices.join('\n')).toMatch(/GH₵\d{1,3}\u202f\d{3}/);
    expect(prices.join('\n')).not.toMatch(/GH₵\d{1,3},\d{3}/);
    await page.goto('/es/locations/kumasi');
    await expect(page.getByText('La «Ciudad Jardín» y corazón de Ashanti')).toBeVisible();
    await page.goto('/locations/kumasi');
    await expect(page.getByText('The Garden City and heart of Ashanti')).toBeVisible();
    // A filter the listing refuses is said in the page's language, with its field and limit.
    const refused = await page.goto('/fr/properties?bedrooms=deux');
    expect(refused?.status()).toBe(400);
    await expect(page.locator('#listing-subtitle')).toHaveText('Chambres : un nombre entier d’au moins 0');
  });
});

test.describe('a property page in French', () => {
  test('its words, booking a viewing and the confirmation e-mail and invite, all in French', async ({
    page,
    request,
  }, testInfo) => {
    // An available rent listing, one per width (the two run side by side), past the first few that
    // other specs book on.
    const listings = (await (await request.get('/api/products?leaseType=Rent&pageSize=24')).json()) as Array<{
      _id: string;
      available: boolean;
      location: string;
      nearestLandmark: string;
      description?: string;
      city?: { name: string } | null;
    }>;
    const listing = listings.filter((l) => l.available).slice(-2)[testInfo.project.name === 'phone' ? 1 : 0]!;
    await page.goto(`/fr/property/${listing._id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 2, name: 'Venez le visiter' })).toBeVisible();

    // The page's own words hold no English; what staff wrote about the home stays as written.
    let text = await wordsOf(page, ['main']);
    for (const own of [
      listing.location,
      listing.nearestLandmark,
      listing.description ?? '',
      listing.city?.name ?? '',
    ])
      if (own) text = text.split(own).join(' ');
    // A proper noun: the law is the Rent Act in every language.
    text = text.split('Rent Act').join(' ');
    expect(englishIn(text, 'fr', [PROPERTY, VIEWING, ENQUIRY, AREA_MAP])).toEqual([]);
    await expectNoAxeViolations(page, '/fr/property');

    // A seeker who chose French signs in and books.
    const email = uniqueEmail(testInfo, 'visite');
    const token = await seekerAddedByStaff(request, email);
    const chosen = await request.put('/api/profile', {
      data: { language: 'fr' },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(chosen.status()).toBe(200);
    await page.goto(`/fr/login?next=${encodeURIComponent(`/fr/property/${listing._id}`)}`);
    expect(englishIn(await wordsOf(page, ['main']), 'fr', [AUTH])).toEqual([]);
    await page.locator('main').getByRole('button', { name: 'E-mail', exact: true }).click();
    await page.locator('main').getByLabel('E-mail', { exact: true }).fill(email);
    await page.locator('main').getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(new RegExp(`/fr/property/${listing._id}$`));

    await page.getByRole('button', { name: 'Réserver une visite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Réserver une visite du bien' });
    await expect(dialog.getByRole('radio').first()).toBeAttached();
    // A check of the form's own speaks French too.
    await dialog.getByRole('button', { name: 'Confirmer la visite' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choisissez une date et une heure');
    const day = dialog.locator('label:has(input[type="radio"])').first();
    // Weekdays in French: "lun.", "mar.", … ("Mon" nowhere).
    await expect(day).toHaveText(/^(lun|mar|mer|jeu|ven)\./);
    await day.click();
    const time = dialog.getByLabel('Heure');
    await time.selectOption((await time.locator('option:not([value=""])').first().getAttribute('value'))!);
    await dialog.getByRole('button', { name: 'Confirmer la visite' }).click();
    await expect(page.getByText('Votre visite est réservée')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The API's refusal comes in the seeker's language: one viewing per property.
    await page.getByRole('button', { name: 'Réserver une visite' }).click();
    const again = dialog.locator('label:has(input[type="radio"])').first();
    await again.click();
    await time.selectOption((await time.locator('option:not([value=""])').first().getAttribute('value'))!);
    await dialog.getByRole('button', { name: 'Confirmer la visite' }).click();
    await expect(page.getByText('Vous avez déjà une visite réservée pour ce bien.')).toBeVisible();

    // The confirmation, read from the mail catcher, and its calendar invite are in French.
    const { file, text: body } = await fromNewestMail(email, 'Visite réservée', (mail) => mail);
    expect(body).toContain('Votre visite est réservée');
    expect(body).toContain('Fie Homes ne demande jamais d’argent pour visiter un bien.');
    const invite = inviteIn(file.replace(/\.txt$/, '.eml'));
    expect(invite).toMatch(/^SUMMARY:Visite du bien/m);
  });
});
