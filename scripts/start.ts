import { buildConsole, consoleIsStale } from './console-build.ts';

/** `npm start`: builds the console when its sources are newer than the build, then runs the server. */
if (!process.env.CONSOLE_DIST_DIR && consoleIsStale()) {
  console.log('Building the admin console...');
  try {
    await buildConsole();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

await import('../server/main.ts');
