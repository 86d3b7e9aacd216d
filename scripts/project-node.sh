# Sourced by the shell scripts after the install step: the project's own Node.js 24 (the "node" package, at
# node_modules/.bin/node) runs every later `node`, `npx` and npm script, whatever Node.js the machine has, and the run
# stops here on an unsupported one.
export PATH="$PWD/node_modules/.bin:$PATH"
node scripts/check-node.mjs || exit 1
