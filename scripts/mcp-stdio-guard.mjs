#!/usr/bin/env node
// Runs one stdio MCP server for the app and makes sure it dies with the app. Node has no
// PR_SET_PDEATHSIG: when the app is killed (kill -9, a crash), a child it spawned lives on.
// This guard sits between them: it forwards stdin/stdout/stderr, and ends the server when its
// stdin closes (the app's end of the pipe went away) or its parent process changes (the app died
// and the guard was re-parented). When the server exits, the guard says how on stderr (the app
// shows it as the reason) and exits the same way.
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write('usage: mcp-stdio-guard <command> [args…]\n');
  process.exit(2);
}

const parentPid = process.ppid;
const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], env: process.env });
let isStopping = false;

function stop(reason) {
  if (isStopping) return;
  isStopping = true;
  child.stdin.end();
  child.kill('SIGTERM');
  // A server that ignores SIGTERM is killed for good shortly after.
  setTimeout(() => child.kill('SIGKILL'), 1500).unref();
  if (reason) process.stderr.write(`[mcp-stdio-guard] ${reason}; stopping the server\n`);
}

child.on('error', (error) => {
  process.stderr.write(`[mcp-stdio-guard] cannot start "${command}": ${error.message}\n`);
  process.exit(127);
});
child.stdout.pipe(process.stdout);
child.stderr.pipe(process.stderr, { end: false });
process.stdin.pipe(child.stdin);
process.stdin.on('end', () => stop('the app closed its end of the connection'));
child.stdin.on('error', () => {});

child.on('exit', (code, signal) => {
  const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
  if (!isStopping) process.stderr.write(`[mcp-stdio-guard] the server ${how}\n`);
  process.exitCode = code ?? 1;
  // Let stdout drain, then go.
  setTimeout(() => process.exit(), 50).unref();
});

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => stop());

// The app died if this process was handed to another parent (init or a subreaper).
setInterval(() => {
  if (process.ppid !== parentPid) stop('the app is gone');
}, 250).unref();
