// Local demo accounts. They are created only with DEMO_DATA=true, and their passwords are
// documented in the README as local-only defaults.
export const DEMO_ACCOUNTS = [
  {
    key: 'superadmin',
    role: 'superadmin',
    roleType: 'superadmin',
    email: 'superadmin@fiehomes.local',
    password: 'FieSuper2026!',
    fullName: 'Efua Boateng',
    phone: '+233201112233',
    location: 'Osu, Accra',
  },
  {
    key: 'admin',
    role: 'admin',
    roleType: 'admin',
    email: 'admin@fiehomes.local',
    password: 'FieAdmin2026!',
    fullName: 'Kofi Addo',
    phone: '+233244556677',
    location: 'Dzorwulu, Accra',
  },
  {
    key: 'seeker',
    role: 'user',
    roleType: 'authenticated',
    email: 'ama@fiehomes.local',
    password: 'FieSeeker2026!',
    fullName: 'Ama Serwaa',
    phone: '+233551234567',
    location: 'Adenta, Accra',
  },
  {
    key: 'seeker2',
    role: 'user',
    roleType: 'authenticated',
    email: 'yaw@fiehomes.local',
    password: 'FieSeeker2026!',
    fullName: 'Yaw Darko',
    phone: '+233277654321',
    location: 'Ahodwo, Kumasi',
  },
] as const;

// Admin-panel (Strapi) accounts for the local demo: marketing staff edit the site's copy there.
export const DEMO_PANEL_ACCOUNTS = [
  {
    email: 'cms-admin@fiehomes.local',
    password: 'FieCms2026!',
    firstname: 'Esi',
    lastname: 'Appiah',
    roleCode: 'strapi-super-admin',
  },
  {
    email: 'marketing@fiehomes.local',
    password: 'FieMarketing2026!',
    firstname: 'Adwoa',
    lastname: 'Nyarko',
    roleCode: 'fie-marketing',
  },
] as const;
