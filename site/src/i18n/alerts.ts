// The pages an alert e-mail's unsubscribe link leads to: the one that asks, and the one that confirms.
// `{label}` is the saved search in words, in the same language (the cms says it in the language the
// page asks in).
import type { Catalogues } from '@fie/domain';

const en = {
  alertsOn: 'Alerts are on',
  linkNotValid: 'Link not valid',
  somethingWentWrong: 'Something went wrong',
  offFor: 'You will no longer get e-mails for “{label}”.',
  onFor: 'Alerts are on for “{label}”.',
  offByMistake: 'Turned them off by mistake?',
  undo: 'Undo',
  stopTitle: 'Stop these e-mail alerts?',
  stopFor: 'You get e-mails about new listings for “{label}”.',
  stopButton: 'Turn off alerts',
  alreadyOff: 'Alerts for “{label}” are already off.',
  signInToTurnOn: 'To turn them back on, sign in and open your saved searches.',
  manage: 'Manage your saved searches',
} as const;

export type AlertsKey = keyof typeof en;

export const ALERTS: Catalogues<AlertsKey> = {
  en,
  fr: {
    alertsOn: 'Les alertes sont activées',
    linkNotValid: 'Lien non valide',
    somethingWentWrong: 'Un problème est survenu',
    offFor: 'Vous ne recevrez plus d’e-mails pour « {label} ».',
    onFor: 'Les alertes sont activées pour « {label} ».',
    offByMistake: 'Vous les avez désactivées par erreur ?',
    undo: 'Annuler',
    stopTitle: 'Arrêter ces alertes par e-mail ?',
    stopFor: 'Vous recevez des e-mails sur les nouvelles annonces pour « {label} ».',
    stopButton: 'Désactiver les alertes',
    alreadyOff: 'Les alertes pour « {label} » sont déjà désactivées.',
    signInToTurnOn: 'Pour les réactiver, connectez-vous et ouvrez vos recherches enregistrées.',
    manage: 'Gérer mes recherches enregistrées',
  },
  es: {
    alertsOn: 'Las alertas están activadas',
    linkNotValid: 'Enlace no válido',
    somethingWentWrong: 'Algo salió mal',
    offFor: 'Ya no recibirás correos para «{label}».',
    onFor: 'Las alertas están activadas para «{label}».',
    offByMistake: '¿Las desactivaste por error?',
    undo: 'Deshacer',
    stopTitle: '¿Dejar de recibir estas alertas por correo?',
    stopFor: 'Recibes correos sobre nuevos anuncios para «{label}».',
    stopButton: 'Desactivar las alertas',
    alreadyOff: 'Las alertas para «{label}» ya están desactivadas.',
    signInToTurnOn: 'Para volver a activarlas, inicia sesión y abre tus búsquedas guardadas.',
    manage: 'Gestionar mis búsquedas guardadas',
  },
};
