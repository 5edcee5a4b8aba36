import { NO_VIEWING_FEES, type AppointmentStatus, type Catalogues } from '@fie/domain';

/**
 * The seeker's viewing e-mails and calendar invites in every language the site speaks. `{label}` is
 * the property's type and place in the reader's language (@fie/domain's localizePropertyLabel; the
 * place as staff wrote it) and `{landmark}` its landmark (as staff wrote it), `{place}` the two
 * together, `{when}` the viewing's date and Accra time, `{brand}`, `{phone}` and `{support}` the brand's;
 * `{day}` is one of the reminder's day words.
 */
const en = {
  placeNear: '{label}, near {landmark}',
  bookedSubject: 'Viewing booked: {label}, {when}',
  bookedTitle: 'Your viewing is booked',
  bookedPlace: '{place}.',
  bookedWhen: '{when}. The viewing lasts about 30 minutes; the calendar invite is attached.',
  bookedCancel:
    'You can cancel it from your dashboard until 24 hours before it starts. Repeated no-shows may restrict booking.',
  noFees: NO_VIEWING_FEES,
  status_Ongoing: 'ongoing',
  status_Successful: 'successful',
  status_Unsuccessful: 'unsuccessful',
  status_Rescheduled: 'rescheduled',
  status_Cancelled: 'cancelled',
  statusTitle: 'Viewing {status}',
  statusSubject: 'Viewing {status}: {label}',
  statusProperty: '{label}.',
  line_Successful: 'Thank you for coming to the viewing. We will be in touch about the next steps.',
  line_Unsuccessful: 'The viewing did not take place. You can book another time from the property page.',
  line_Rescheduled: 'Your viewing is now on {when}.',
  line_Cancelled: 'Your viewing on {when} is cancelled.',
  line_Ongoing: 'Your viewing is on {when}.',
  inviteUpdates: 'The attached invite updates the viewing in your calendar.',
  inviteRemoves: 'The attached invite removes the viewing from your calendar.',
  inviteTitle: 'Property viewing: {label}',
  inviteDescription: 'Your {brand} viewing. Call {phone} if you need to change it.',
  inviteAlarm: 'Reminder: {title}, in 2 hours',
  reminderSubject: 'Viewing reminder: {label}, {day} at {time}',
  reminderToday: 'today',
  reminderTomorrow: 'tomorrow',
  reminderOnDate: 'on {date}',
  reminderTitleDay: 'Your viewing is {day}',
  reminderTitleSoon: 'Your viewing starts soon',
  reminderWhen: 'When: {when}. The viewing lasts about 30 minutes.',
  reminderWhere: 'Where: {place}.',
  reminderGps: 'Ghana Post GPS address: {gps}.',
  reminderCancel:
    'Cannot make it? Cancel it from your dashboard before {time} (Accra time) on {date}: {dashboard}',
  reminderCallOrWrite: 'Running late or cannot come? Call us on {phone} or write to {support}.',
  reminderWrite: 'Running late or cannot come? Write to us at {support}.',
  theProperty: 'the property',
} as const;

type Key = keyof typeof en;

const fr: Record<Key, string> = {
  placeNear: '{label}, près de {landmark}',
  bookedSubject: 'Visite réservée : {label}, {when}',
  bookedTitle: 'Votre visite est réservée',
  bookedPlace: '{place}.',
  bookedWhen: '{when}. La visite dure environ 30 minutes ; l’invitation pour votre agenda est jointe.',
  bookedCancel:
    'Vous pouvez l’annuler depuis votre tableau de bord jusqu’à 24 heures avant le début. Des absences répétées peuvent limiter vos réservations.',
  noFees:
    'Fie Homes ne demande jamais d’argent pour visiter un bien. Si quelqu’un vous en demande, signalez-le.',
  status_Ongoing: 'confirmée',
  status_Successful: 'effectuée',
  status_Unsuccessful: 'non effectuée',
  status_Rescheduled: 'reprogrammée',
  status_Cancelled: 'annulée',
  statusTitle: 'Visite {status}',
  statusSubject: 'Visite {status} : {label}',
  statusProperty: '{label}.',
  line_Successful: 'Merci d’être venu à la visite. Nous reviendrons vers vous pour la suite.',
  line_Unsuccessful:
    'La visite n’a pas eu lieu. Vous pouvez réserver un autre créneau depuis la page du bien.',
  line_Rescheduled: 'Votre visite a désormais lieu le {when}.',
  line_Cancelled: 'Votre visite du {when} est annulée.',
  line_Ongoing: 'Votre visite a lieu le {when}.',
  inviteUpdates: 'L’invitation jointe met à jour la visite dans votre agenda.',
  inviteRemoves: 'L’invitation jointe retire la visite de votre agenda.',
  inviteTitle: 'Visite du bien : {label}',
  inviteDescription: 'Votre visite avec {brand}. Appelez le {phone} pour la modifier.',
  inviteAlarm: 'Rappel : {title}, dans 2 heures',
  reminderSubject: 'Rappel de visite : {label}, {day} à {time}',
  reminderToday: 'aujourd’hui',
  reminderTomorrow: 'demain',
  reminderOnDate: 'le {date}',
  reminderTitleDay: 'Votre visite a lieu {day}',
  reminderTitleSoon: 'Votre visite commence bientôt',
  reminderWhen: 'Quand : {when}. La visite dure environ 30 minutes.',
  reminderWhere: 'Où : {place}.',
  reminderGps: 'Adresse Ghana Post GPS : {gps}.',
  reminderCancel:
    'Vous ne pouvez pas venir ? Annulez-la depuis votre tableau de bord avant {time} (heure d’Accra) le {date} : {dashboard}',
  reminderCallOrWrite: 'En retard ou empêché ? Appelez-nous au {phone} ou écrivez à {support}.',
  reminderWrite: 'En retard ou empêché ? Écrivez-nous à {support}.',
  theProperty: 'le bien',
};

const es: Record<Key, string> = {
  placeNear: '{label}, cerca de {landmark}',
  bookedSubject: 'Visita reservada: {label}, {when}',
  bookedTitle: 'Tu visita está reservada',
  bookedPlace: '{place}.',
  bookedWhen: '{when}. La visita dura unos 30 minutos; adjuntamos la invitación para tu calendario.',
  bookedCancel:
    'Puedes cancelarla desde tu panel hasta 24 horas antes de que empiece. Si faltas varias veces, podrías tener limitadas las reservas.',
  noFees: 'Fie Homes nunca cobra por visitar una propiedad. Si alguien te pide dinero, denúncialo.',
  status_Ongoing: 'confirmada',
  status_Successful: 'realizada',
  status_Unsuccessful: 'no realizada',
  status_Rescheduled: 'reprogramada',
  status_Cancelled: 'cancelada',
  statusTitle: 'Visita {status}',
  statusSubject: 'Visita {status}: {label}',
  statusProperty: '{label}.',
  line_Successful: 'Gracias por venir a la visita. Te contactaremos para los siguientes pasos.',
  line_Unsuccessful: 'La visita no se realizó. Puedes reservar otro horario desde la página de la propiedad.',
  line_Rescheduled: 'Tu visita ahora es el {when}.',
  line_Cancelled: 'Tu visita del {when} está cancelada.',
  line_Ongoing: 'Tu visita es el {when}.',
  inviteUpdates: 'La invitación adjunta actualiza la visita en tu calendario.',
  inviteRemoves: 'La invitación adjunta quita la visita de tu calendario.',
  inviteTitle: 'Visita a la propiedad: {label}',
  inviteDescription: 'Tu visita con {brand}. Llama al {phone} si necesitas cambiarla.',
  inviteAlarm: 'Recordatorio: {title}, en 2 horas',
  reminderSubject: 'Recordatorio de visita: {label}, {day} a las {time}',
  reminderToday: 'hoy',
  reminderTomorrow: 'mañana',
  reminderOnDate: 'el {date}',
  reminderTitleDay: 'Tu visita es {day}',
  reminderTitleSoon: 'Tu visita empieza pronto',
  reminderWhen: 'Cuándo: {when}. La visita dura unos 30 minutos.',
  reminderWhere: 'Dónde: {place}.',
  reminderGps: 'Dirección Ghana Post GPS: {gps}.',
  reminderCancel:
    '¿No puedes ir? Cancélala desde tu panel antes de las {time} (hora de Acra) del {date}: {dashboard}',
  reminderCallOrWrite: '¿Llegas tarde o no puedes ir? Llámanos al {phone} o escribe a {support}.',
  reminderWrite: '¿Llegas tarde o no puedes ir? Escríbenos a {support}.',
  theProperty: 'la propiedad',
};

export const VIEWING_MAIL_TEXT: Catalogues<Key> = { en, fr, es };
export type ViewingMailKey = Key;

/** The keys of a status's word and its e-mail's line: every status has both in every language. */
export const statusKeys = (status: AppointmentStatus) =>
  ({ word: `status_${status}`, line: `line_${status}` }) as const satisfies Record<string, Key>;
