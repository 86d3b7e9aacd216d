const { createHash } = require('node:crypto');

/** The 10 hexadecimal digits that name a file of the build after what it holds. */
const hashOf = (content) => createHash('sha256').update(content).digest('hex').slice(0, 10);

/**
 * The info of a file the shell's plugins emit under a name with a hash: immutable (the CDN caches it forever), and
 * its hash declared as a content hash, so that webpack names it again after the minimizer has changed what it holds
 * (and rewrites every file that names it), as it does the files of the chunks.
 */
const hashedAssetInfo = (name) => ({ immutable: true, contenthash: /\.([0-9a-f]{10})\.[a-z0-9]+$/.exec(name)[1] });

module.exports = { hashOf, hashedAssetInfo };
