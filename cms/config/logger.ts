import { winston, formats } from '@strapi/logger';

// LOG_LEVEL: error | warn | info | http (default) | verbose | debug. Tests run at warn.
const level = process.env.LOG_LEVEL || 'http';
const levels = winston.config.npm.levels;

/**
 * winston runs the whole format (timestamp, pretty print) on every message and leaves the level
 * check to the transport, so at LOG_LEVEL=warn each request's "http" line was still formatted and
 * then thrown away (about 9 µs a line, ~1 % of a listing request). Messages below the level stop
 * here instead.
 */
const belowLevelDropped = winston.format((info) =>
  (levels[info.level] ?? 0) <= (levels[level] ?? levels.http) ? info : false,
);

/**
 * A request's query may hold a secret: an alert's unsubscribe or undo token, a sign-in return's code,
 * a signed link's signature. Log lines (Strapi's request line among them) keep the parameter's name
 * and drop its value, as the site's own log does.
 */
const SECRET_QUERY = /([?&](?:token|code|signature)=)[^&\s#"]*/gi;
const secretsDropped = winston.format((info) => {
  if (typeof info.message === 'string') info.message = info.message.replace(SECRET_QUERY, '$1…');
  return info;
});

export default {
  level,
  format: winston.format.combine(
    belowLevelDropped(),
    secretsDropped(),
    formats.prettyPrint({ timestamps: 'YYYY-MM-DD HH:mm:ss.SSS' }),
    winston.format.splat(),
  ),
  transports: [new winston.transports.Console()],
};
