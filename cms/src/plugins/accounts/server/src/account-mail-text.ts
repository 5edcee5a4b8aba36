import type { Catalogues } from '@fie/domain';

/**
 * The account e-mails' texts in every language the site speaks. `{brand}` is the brand's name,
 * `{minutes}` a code's life, `{when}` a moment in Accra time (shared/mail-language.ts), `{login}`/`{reset}` page
 * addresses and `{support}` the support address.
 */
const en = {
  registrationSubject: 'Your {brand} verification code: {code}',
  registrationTitle: 'Confirm your e-mail address',
  registrationUse:
    'Enter this code to finish creating your {brand} account. It is valid for {minutes} minutes and can be used once.',
  registrationNotYou:
    'If you did not sign up, you can ignore this e-mail: the account cannot be used without the code.',
  resetSubject: 'Your {brand} password reset code: {code}',
  resetTitle: 'A password reset was requested',
  resetAsked: 'Someone asked to reset the password of your {brand} account on {when}.',
  resetUse:
    'If it was you, enter this code to choose a new password. It is valid for {minutes} minutes and can be used once.',
  resetNotYou:
    'If it was not you, ignore this e-mail: your password stays the same. If it keeps happening, contact us at {support}.',
  alreadySubject: 'You already have a {brand} account',
  alreadyTitle: 'You already have an account',
  alreadyTried: 'Someone tried to create a {brand} account with this e-mail address, which already has one.',
  alreadyYou: 'If it was you, sign in at {login}, or reset your password at {reset}.',
  alreadyNotYou: 'If it was not you, you can ignore this e-mail; nothing has changed.',
  signInLockedSubject: 'Sign-in to your {brand} account is paused',
  signInLockedTitle: 'Too many wrong passwords',
  signInLockedWhat:
    'Someone entered a wrong password for your {brand} account 5 times, so signing in with a password is paused until {when}.',
  signInLockedYou:
    'If it was you, you can lift the pause at once: reset your password at {reset} and sign in with the new one.',
  signInLockedNotYou:
    'If it was not you, your password still protects the account. If it keeps happening, contact us at {support}.',
  codesLockedSubject: 'Codes for your {brand} account are paused',
  codesLockedTitle: 'Too many wrong codes',
  codesLockedReset:
    'Someone entered 15 wrong password reset codes for your {brand} account today, so the open reset code was cancelled.',
  codesLockedResetAgain:
    'If you want to reset your password, request a new code at {reset}: it is sent only to this address and works as usual.',
  codesLockedRegister:
    'Someone entered 15 wrong verification codes for a {brand} sign-up with this address today, so sign-up codes are paused until {when}.',
  codesLockedRegisterNotYou:
    'If it was not you, you can ignore this e-mail: the account cannot be used without a code.',
  keepsHappening: 'If it keeps happening, contact us at {support}.',
  passwordChangedSubject: 'Your {brand} password was changed',
  passwordChangedTitle: 'Your password was changed',
  passwordChangedWhat:
    'The password of your {brand} account was changed on {when}, and every device was signed out.',
  passwordChangedNotYou:
    'If you did not do this, reset your password at {reset} and contact us at {support}.',
} as const;

type Key = keyof typeof en;

const fr: Record<Key, string> = {
  registrationSubject: 'Votre code de vérification {brand} : {code}',
  registrationTitle: 'Confirmez votre adresse e-mail',
  registrationUse:
    'Saisissez ce code pour terminer la création de votre compte {brand}. Il est valable {minutes} minutes et ne sert qu’une fois.',
  registrationNotYou:
    'Si vous ne vous êtes pas inscrit, ignorez cet e-mail : le compte ne peut pas être utilisé sans ce code.',
  resetSubject: 'Votre code de réinitialisation {brand} : {code}',
  resetTitle: 'Demande de réinitialisation du mot de passe',
  resetAsked: 'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte {brand} le {when}.',
  resetUse:
    'Si c’était vous, saisissez ce code pour choisir un nouveau mot de passe. Il est valable {minutes} minutes et ne sert qu’une fois.',
  resetNotYou:
    'Si ce n’était pas vous, ignorez cet e-mail : votre mot de passe reste le même. Si cela se reproduit, écrivez-nous à {support}.',
  alreadySubject: 'Vous avez déjà un compte {brand}',
  alreadyTitle: 'Vous avez déjà un compte',
  alreadyTried: 'Quelqu’un a essayé de créer un compte {brand} avec cette adresse e-mail, qui en a déjà un.',
  alreadyYou: 'Si c’était vous, connectez-vous sur {login} ou réinitialisez votre mot de passe sur {reset}.',
  alreadyNotYou: 'Si ce n’était pas vous, ignorez cet e-mail : rien n’a changé.',
  signInLockedSubject: 'La connexion à votre compte {brand} est suspendue',
  signInLockedTitle: 'Trop de mots de passe erronés',
  signInLockedWhat:
    'Quelqu’un a saisi 5 fois un mauvais mot de passe pour votre compte {brand} : la connexion par mot de passe est suspendue jusqu’au {when}.',
  signInLockedYou:
    'Si c’était vous, vous pouvez lever la suspension tout de suite : réinitialisez votre mot de passe sur {reset}, puis connectez-vous avec le nouveau.',
  signInLockedNotYou:
    'Si ce n’était pas vous, votre mot de passe protège toujours le compte. Si cela se reproduit, écrivez-nous à {support}.',
  codesLockedSubject: 'Les codes de votre compte {brand} sont suspendus',
  codesLockedTitle: 'Trop de codes erronés',
  codesLockedReset:
    'Quelqu’un a saisi aujourd’hui 15 codes de réinitialisation erronés pour votre compte {brand} : le code en cours a été annulé.',
  codesLockedResetAgain:
    'Pour réinitialiser votre mot de passe, demandez un nouveau code sur {reset} : il n’est envoyé qu’à cette adresse et fonctionne normalement.',
  codesLockedRegister:
    'Quelqu’un a saisi aujourd’hui 15 codes de vérification erronés pour une inscription {brand} avec cette adresse : les codes d’inscription sont suspendus jusqu’au {when}.',
  codesLockedRegisterNotYou:
    'Si ce n’était pas vous, ignorez cet e-mail : le compte ne peut pas être utilisé sans code.',
  keepsHappening: 'Si cela se reproduit, écrivez-nous à {support}.',
  passwordChangedSubject: 'Le mot de passe de votre compte {brand} a été modifié',
  passwordChangedTitle: 'Votre mot de passe a été modifié',
  passwordChangedWhat:
    'Le mot de passe de votre compte {brand} a été modifié le {when}, et tous vos appareils ont été déconnectés.',
  passwordChangedNotYou:
    'Si ce n’est pas vous, réinitialisez votre mot de passe sur {reset} et écrivez-nous à {support}.',
};

const es: Record<Key, string> = {
  registrationSubject: 'Tu código de verificación de {brand}: {code}',
  registrationTitle: 'Confirma tu correo electrónico',
  registrationUse:
    'Introduce este código para terminar de crear tu cuenta de {brand}. Es válido durante {minutes} minutos y solo se puede usar una vez.',
  registrationNotYou:
    'Si no te has registrado, puedes ignorar este correo: la cuenta no se puede usar sin el código.',
  resetSubject: 'Tu código para restablecer la contraseña de {brand}: {code}',
  resetTitle: 'Se ha pedido restablecer tu contraseña',
  resetAsked: 'Alguien pidió restablecer la contraseña de tu cuenta de {brand} el {when}.',
  resetUse:
    'Si fuiste tú, introduce este código para elegir una contraseña nueva. Es válido durante {minutes} minutos y solo se puede usar una vez.',
  resetNotYou:
    'Si no fuiste tú, ignora este correo: tu contraseña sigue siendo la misma. Si vuelve a ocurrir, escríbenos a {support}.',
  alreadySubject: 'Ya tienes una cuenta de {brand}',
  alreadyTitle: 'Ya tienes una cuenta',
  alreadyTried: 'Alguien intentó crear una cuenta de {brand} con esta dirección de correo, que ya tiene una.',
  alreadyYou: 'Si fuiste tú, inicia sesión en {login} o restablece tu contraseña en {reset}.',
  alreadyNotYou: 'Si no fuiste tú, puedes ignorar este correo: no ha cambiado nada.',
  signInLockedSubject: 'El inicio de sesión en tu cuenta de {brand} está en pausa',
  signInLockedTitle: 'Demasiadas contraseñas incorrectas',
  signInLockedWhat:
    'Alguien escribió 5 veces una contraseña incorrecta para tu cuenta de {brand}, así que el inicio de sesión con contraseña está en pausa hasta el {when}.',
  signInLockedYou:
    'Si fuiste tú, puedes quitar la pausa ahora mismo: restablece tu contraseña en {reset} e inicia sesión con la nueva.',
  signInLockedNotYou:
    'Si no fuiste tú, tu contraseña sigue protegiendo la cuenta. Si vuelve a ocurrir, escríbenos a {support}.',
  codesLockedSubject: 'Los códigos de tu cuenta de {brand} están en pausa',
  codesLockedTitle: 'Demasiados códigos incorrectos',
  codesLockedReset:
    'Hoy alguien escribió 15 códigos incorrectos para restablecer la contraseña de tu cuenta de {brand}, así que se anuló el código pendiente.',
  codesLockedResetAgain:
    'Si quieres restablecer tu contraseña, pide un código nuevo en {reset}: solo se envía a esta dirección y funciona como siempre.',
  codesLockedRegister:
    'Hoy alguien escribió 15 códigos de verificación incorrectos para un registro en {brand} con esta dirección, así que los códigos de registro están en pausa hasta el {when}.',
  codesLockedRegisterNotYou:
    'Si no fuiste tú, puedes ignorar este correo: la cuenta no se puede usar sin un código.',
  keepsHappening: 'Si vuelve a ocurrir, escríbenos a {support}.',
  passwordChangedSubject: 'Se cambió la contraseña de tu cuenta de {brand}',
  passwordChangedTitle: 'Tu contraseña ha cambiado',
  passwordChangedWhat:
    'La contraseña de tu cuenta de {brand} se cambió el {when} y se cerró la sesión en todos tus dispositivos.',
  passwordChangedNotYou: 'Si no fuiste tú, restablece tu contraseña en {reset} y escríbenos a {support}.',
};

export const ACCOUNT_MAIL_TEXT: Catalogues<Key> = { en, fr, es };
export type AccountMailKey = Key;
