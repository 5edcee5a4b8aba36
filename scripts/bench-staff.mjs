// The staff section of `npm run bench:api`: fills the bench
// database up to 20,000 users, 50,000 appointments, 50,000 enquiries and 5,000 deals (beside the
// 100,000 properties the listing section made), then loads every staff list the back-office
// screens call — search + filter + page 3, a different search term per request so no answer is
// served from a cache the next request would hit — at 16 connections, as the superadmin.
// Target: p95 <= 100 ms for each list.
import { cpuTicks, loadTest, stolenPercent } from './lib.mjs';

export const STAFF_TARGETS = { users: 20_000, appointments: 50_000, enquiries: 50_000, deals: 5_000 };
export const STAFF_CONNECTIONS = 16;
export const STAFF_P95_TARGET_MS = 100;

const STATUSES = ['Ongoing', 'Successful', 'Unsuccessful', 'Rescheduled'];
const ENQUIRY_STATUSES = ['Pending', 'Appointment booked', 'Closed by others', 'No longer interested'];
const PRIORITIES = ['High', 'Moderate', 'Low'];
const TOWNS = [
  'Osu',
  'Cantonments',
  'East Legon',
  'Airport Residential',
  'Adum',
  'Ahodwo',
  'Takoradi',
  'Tema Community 25',
  'Spintex',
  'Labone',
];
const FIRST = [
  'Kofi',
  'Ama',
  'Yaw',
  'Akosua',
  'Kwame',
  'Efua',
  'Kojo',
  'Abena',
  'Kwesi',
  'Adwoa',
  'Yaa',
  'Kwabena',
];
const LAST = ['Mensah', 'Owusu', 'Boateng', 'Asante', 'Addo', 'Ofori', 'Appiah', 'Agyeman', 'Darko', 'Quaye'];
const SLOTS = Array.from(
  { length: 17 },
  (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);

const day = (offsetDays) => new Date(Date.UTC(2026, 10, 23) + offsetDays * 86_400_000);
const isoDate = (d) => d.toISOString().slice(0, 10);
const nameOf = (n) => `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]}`;

async function columnsOf(db, table) {
  const rows = (
    await db.query(
      'select column_name, data_type from information_schema.columns where table_name = $1 order by ordinal_position',
      [table],
    )
  ).rows;
  return rows
    .filter((r) => r.column_name !== 'id')
    .map((r) => ({ name: r.column_name, json: r.data_type === 'jsonb' || r.data_type === 'json' }));
}

/**
 * Clones `template` (a row of `table`) until the table holds `target` rows, each with `vary(n)`'s
 * columns changed; `links(n, id)` gives the link-table rows of the new row. Columns this script does
 * not know (added later) keep the template's value, so the fill keeps working as the model grows.
 */
async function cloneUpTo(db, { table, template, target, vary, links }) {
  const have = (await db.query(`select count(*)::int as n from ${table}`)).rows[0].n;
  const columns = await columnsOf(db, table);
  let n = have;
  while (n < target) {
    const batch = Math.min(1000, target - n);
    const params = [];
    const tuples = [];
    for (let i = 0; i < batch; i++) {
      const changed = vary(n + i);
      tuples.push(
        `(${columns
          .map(({ name, json }) => {
            let value = name in changed ? changed[name] : template[name];
            if (json && value !== null && value !== undefined) value = JSON.stringify(value);
            params.push(value);
            return `$${params.length}`;
          })
          .join(',')})`,
      );
    }
    const ids = (
      await db.query(
        `insert into ${table} (${columns.map((c) => `"${c.name}"`).join(',')}) values ${tuples.join(',')} returning id`,
        params,
      )
    ).rows.map((r) => r.id);
    const byTable = new Map();
    ids.forEach((id, k) => {
      for (const link of links(n + k, id)) {
        const list = byTable.get(link.table) ?? [];
        list.push(link.row);
        byTable.set(link.table, list);
      }
    });
    for (const [linkTable, rows] of byTable) {
      const cols = Object.keys(rows[0]);
      const values = [];
      const tuplesSql = rows.map(
        (r) => `(${cols.map((c) => (values.push(r[c]), `$${values.length}`)).join(',')})`,
      );
      await db.query(
        `insert into ${linkTable} (${cols.map((c) => `"${c}"`).join(',')}) values ${tuplesSql.join(',')}`,
        values,
      );
    }
    n += batch;
  }
  return n;
}

async function one(db, sql, params = []) {
  const row = (await db.query(sql, params)).rows[0];
  if (!row) throw new Error(`bench:api staff: nothing found for ${sql}`);
  return row;
}

/** Fills the staff tables up to STAFF_TARGETS (keeps what is there; a kept BENCH_DB is reused). */
export async function fillStaff(db) {
  const started = Date.now();
  const seekerRole = (await one(db, "select id from up_roles where type = 'authenticated'")).id;
  const adminUser = (
    await one(
      db,
      "select l.user_id as id from up_users_role_lnk l join up_roles r on r.id = l.role_id where r.type = 'admin' limit 1",
    )
  ).id;
  const userTemplate = await one(
    db,
    'select u.* from up_users u join up_users_role_lnk l on l.user_id = u.id where l.role_id = $1 order by u.id limit 1',
    [seekerRole],
  );
  const propertyIds = (
    await db.query("select id from properties where approval_status = 'approved' order by id limit 5000")
  ).rows.map((r) => r.id);

  const users = await cloneUpTo(db, {
    table: 'up_users',
    template: userTemplate,
    target: STAFF_TARGETS.users,
    vary: (n) => ({
      document_id: `u${n.toString(36).padStart(23, '0')}`,
      email: `client${n}@bench.fiehomes.test`,
      username: `client${n}@bench.fiehomes.test`,
      full_name: nameOf(n),
      blocked: n % 50 === 0,
      created_at: day(-(n % 700)),
      updated_at: day(-(n % 700)),
    }),
    links: (n, id) => [
      { table: 'up_users_role_lnk', row: { user_id: id, role_id: seekerRole, user_ord: 1 } },
    ],
  });
  const seekers = (
    await db.query(
      'select l.user_id as id, lower(u.email) as email from up_users_role_lnk l join up_users u on u.id = l.user_id where l.role_id = $1 order by l.user_id',
      [seekerRole],
    )
  ).rows;
  const seekerIds = seekers.map((r) => r.id);

  const appointmentTemplate = await one(db, 'select * from appointments order by id limit 1');
  const appointments = await cloneUpTo(db, {
    table: 'appointments',
    template: appointmentTemplate,
    target: STAFF_TARGETS.appointments,
    vary: (n) => {
      const date = day(-(n % 600) - 2);
      const time = SLOTS[n % SLOTS.length];
      return {
        document_id: `a${n.toString(36).padStart(23, '0')}`,
        property_label: `${['Apartment', 'House', 'Villa', 'Townhouse'][n % 4]} · ${TOWNS[n % TOWNS.length]}, Accra`,
        date: isoDate(date),
        time,
        starts_at: new Date(`${isoDate(date)}T${time}:00Z`),
        status: STATUSES[n % STATUSES.length],
        // The client's e-mail copy the staff search reads (viewings plugin, client-email.ts).
        client_email: seekers[n % seekers.length].email,
        comments: null,
        // Past viewings hold no slot: the unique active-slot and active-seeker keys stay empty.
        active_slot_key: null,
        active_seeker_key: null,
        created_at: day(-(n % 600) - 5),
        updated_at: day(-(n % 600) - 1),
      };
    },
    links: (n, id) => [
      {
        table: 'appointments_user_lnk',
        row: { appointment_id: id, user_id: seekerIds[n % seekerIds.length] },
      },
      {
        table: 'appointments_property_lnk',
        row: { appointment_id: id, property_id: propertyIds[n % propertyIds.length], appointment_ord: 1 },
      },
    ],
  });

  const enquiryTemplate = await one(db, 'select * from enquiries order by id limit 1');
  const enquiries = await cloneUpTo(db, {
    table: 'enquiries',
    template: enquiryTemplate,
    target: STAFF_TARGETS.enquiries,
    vary: (n) => {
      const phone = `+23324${String(1_000_000 + ((n * 7919) % 9_000_000)).padStart(7, '0')}`;
      return {
        document_id: `e${n.toString(36).padStart(23, '0')}`,
        name: nameOf(n),
        phone_number: [phone],
        phone_text: phone,
        email: n % 3 === 0 ? null : `enquirer${n}@bench.fiehomes.test`,
        location: `${TOWNS[n % TOWNS.length]}, ${n % 2 ? 'Accra' : 'Kumasi'}`,
        status: ENQUIRY_STATUSES[n % ENQUIRY_STATUSES.length],
        priority: PRIORITIES[n % PRIORITIES.length],
        enquiry_date: day(-(n % 700)),
        created_at: day(-(n % 700)),
        updated_at: day(-(n % 700)),
      };
    },
    links: () => [],
  });

  const dealTemplate = await one(db, 'select * from deals order by id limit 1');
  const deals = await cloneUpTo(db, {
    table: 'deals',
    template: dealTemplate,
    target: STAFF_TARGETS.deals,
    vary: (n) => ({
      document_id: `d${n.toString(36).padStart(23, '0')}`,
      closer_name: nameOf(n + 5),
      tenant_name: nameOf(n),
      tenant_contact: `+23320${String(1_000_000 + n).padStart(7, '0')}`,
      deal_date: isoDate(day(-(n % 700))),
      tenancy_start_date: isoDate(day(-(n % 700) + 7)),
      tenancy_end_date: isoDate(day(-(n % 700) + 372)),
      approval_status: n % 20 === 0 ? 'unapproved' : 'approved',
      created_at: day(-(n % 700)),
      updated_at: day(-(n % 700)),
    }),
    links: (n, id) => [{ table: 'deals_logged_by_lnk', row: { deal_id: id, user_id: adminUser } }],
  });
  await db.query('vacuum analyze');
  return { users, appointments, enquiries, deals, seconds: (Date.now() - started) / 1000 };
}

/** Each staff list, with the search terms a request picks from in turn (page 3 of what matches). */
export function staffLists() {
  // What staff type: mostly part of one client's address ("client4217", which also matches nothing
  // else or a few), sometimes a broad fragment that matches thousands ("client1", "bench").
  const clientTerms = [
    ...Array.from({ length: 180 }, (_, i) => `client${1000 + i * 97}`),
    ...Array.from({ length: 18 }, (_, i) => `client${i + 1}`),
    'bench',
    'fiehomes',
  ];
  const nameTerms = [...FIRST, ...LAST, ...FIRST.map((f) => f.toLowerCase())];
  return [
    {
      name: 'users: e-mail search',
      paths: clientTerms.map((t) => `/api/users?search=${t}&page=3&pageSize=10`),
    },
    {
      name: 'admins: e-mail search',
      paths: ['admin', 'super', 'fiehomes', 'a', 's'].map(
        (t) => `/api/admins?search=${t}&page=1&pageSize=10`,
      ),
    },
    {
      name: 'properties (all states): text search',
      paths: [...TOWNS, 'Apartment', 'House', 'Villa', 'Accra', 'Kumasi', '5000'].map(
        (t) => `/api/products?approval=all&search=${encodeURIComponent(t)}&page=3&pageSize=10`,
      ),
    },
    {
      name: 'pending properties: text search',
      paths: ['Accra', 'Kumasi', 'Apartment', 'House', 'Osu', 'a'].map(
        (t) => `/api/products/unapproved?search=${t}&page=3&pageSize=10`,
      ),
    },
    {
      name: 'appointments: status + search',
      paths: STATUSES.flatMap((s) =>
        ['Osu', 'Apartment', 'client4217', '2025-06-02', '09:30', 'Adum', 'Villa', 'client1'].map(
          (t) => `/api/appointments/all?status=${s}&search=${encodeURIComponent(t)}&page=3&pageSize=10`,
        ),
      ),
    },
    {
      name: 'enquiries: status + priority + search',
      paths: ENQUIRY_STATUSES.flatMap((s) =>
        PRIORITIES.flatMap((p) =>
          ['Kofi', 'Osu', '+23324', 'enquirer'].map(
            (t) =>
              `/api/enquiries/admin?status=${encodeURIComponent(s)}&priority=${p}&search=${encodeURIComponent(t)}&page=3&pageSize=10`,
          ),
        ),
      ),
    },
    {
      name: 'deals: tenant/closer search',
      paths: nameTerms.map((t) => `/api/deals?search=${t}&page=3&pageSize=20`),
    },
    {
      name: 'pending deals',
      paths: ['', 'Kofi', 'Mensah', 'Ama'].map((t) => `/api/deals/unapproved?search=${t}&page=1&pageSize=10`),
    },
    { name: 'activity log', paths: [1, 2, 3].map((p) => `/api/audit?page=${p}&pageSize=10`) },
  ];
}

/** Signs in as the demo superadmin and loads each staff list; prints a line per list. */
export async function benchStaff({ base, seconds }) {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'superadmin@fiehomes.local',
      password: 'FieSuper2026!',
      isAdminLogin: true,
    }),
  });
  if (!login.ok) throw new Error(`bench:api staff: superadmin sign-in answered ${login.status}`);
  const { token } = await login.json();
  const headers = { authorization: `Bearer ${token}` };
  const results = [];
  for (const list of staffLists()) {
    // Every path answers 200 with a total before the load (a 4xx would make a fast, useless figure).
    let totals = 0;
    for (const path of list.paths) {
      const res = await fetch(`${base}${path}`, { headers });
      if (!res.ok)
        throw new Error(
          `bench:api staff: ${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`,
        );
      totals += Number(res.headers.get('x-total-count') ?? 0);
    }
    let i = 0;
    const nextPath = () => list.paths[i++ % list.paths.length];
    await loadTest(base, {
      connections: STAFF_CONNECTIONS,
      seconds: Math.max(2, Math.floor(seconds / 2)),
      headers,
      nextPath,
    }); // warm-up
    i = 0;
    const before = cpuTicks();
    const r = await loadTest(base, { connections: STAFF_CONNECTIONS, seconds, headers, nextPath });
    results.push({
      ...list,
      r,
      meanMatches: Math.round(totals / list.paths.length),
      stolen: stolenPercent(before, cpuTicks()),
    });
  }
  console.log(
    `staff lists (superadmin, ${STAFF_CONNECTIONS} connections, ${seconds} s each, a different query per request in turn; target p95 <= ${STAFF_P95_TARGET_MS} ms)`,
  );
  for (const { name, paths, r, meanMatches, stolen } of results) {
    const verdict = r.errors === 0 && r.p95 <= STAFF_P95_TARGET_MS ? 'ok' : 'OVER TARGET';
    console.log(
      `  ${name.padEnd(40)} ${r.rps.toFixed(0).padStart(5)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  errors ${r.errors}  (${paths.length} queries, ~${meanMatches} matches each)  cpu stolen ${stolen === null ? '?' : `${stolen.toFixed(0)}%`}  ${verdict}`,
    );
  }
  return results;
}
