import appointment from './appointment';

// plugin::viewings.appointment. Its table keeps the name it had as api::appointment.appointment
// ("appointments", and the link tables appointments_user_lnk / appointments_property_lnk, which
// Strapi names from collectionName, attribute and singularName), so a database made before the move
// starts and works unchanged.
export default { appointment };
