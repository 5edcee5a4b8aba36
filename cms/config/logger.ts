import { winston, formats } from '@strapi/logger';

// LOG_LEVEL: error | warn | info | http (default) | verbose | debug. Tests run at warn.
export default {
  level: process.env.LOG_LEVEL || 'http',
  format: winston.format.combine(formats.prettyPrint({ timestamps: 'YYYY-MM-DD HH:mm:ss.SSS' }), winston.format.splat()),
  transports: [new winston.transports.Console()],
};
