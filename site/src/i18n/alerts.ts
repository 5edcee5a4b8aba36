// The page an alert e-mail's unsubscribe link leads to. `{label}` is the saved search in words, in
// the same language (the cms says it in the language the page asks in).
import type { Catalogues } from '@fie/domain';

const en = {
  alertsOn: 'Alerts are on',
  linkNotValid: 'Link not valid',
  somethingWentWrong: 'Something went wrong',
  offFor: 'You will no longer get e-mails for “{label}”.',
  onFor: 'Alerts are on for “{label}”.',
  offByMistake: 'Turned them off by mistake?',
  undo: 'Undo',
  turnOff: 'Turn these alerts off',
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
    turnOff: 'Désactiver ces alertes',
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
    turnOff: 'Desactivar estas alertas',
    manage: 'Gestionar mis búsquedas guardadas',
  },
};
