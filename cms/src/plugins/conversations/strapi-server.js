'use strict';

// Strapi reads a local plugin's server from this file, and skips the plugin without a word when
// the file is missing or is TypeScript. So this small JS file always exists and loads what the
// cms's own tsc compiled from server/src into the dist folder Strapi runs from: a plugin that was
// not compiled stops start-up with "Cannot find module" instead of vanishing.
const path = require('node:path');

module.exports = require(
  path.join(strapi.dirs.dist.src, 'plugins', 'conversations', 'server', 'src', 'index.js'),
).default;
