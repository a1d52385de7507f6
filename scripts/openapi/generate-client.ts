import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateStudentClient, staleStudentClientFiles, STUDENT_CLIENT_DIR } from './student-client.ts';

/**
 * Writes the student client's generated files (clients/student-api/openapi.json and schema.d.ts) from
 * the server's routes. With --check it writes nothing and fails when a committed file differs.
 */
const check = process.argv.includes('--check');
const generated = await generateStudentClient();
if (check) {
  const stale = await staleStudentClientFiles(generated);
  if (stale.length > 0) {
    console.error(
      `The student client is stale: ${stale.join(', ')} ${stale.length === 1 ? 'differs' : 'differ'} from what the routes generate. Run \`npm run api:client\` and commit the result.`,
    );
    process.exit(1);
  }
  console.log('The student client matches the API document.');
} else {
  for (const [name, text] of generated) await writeFile(path.join(STUDENT_CLIENT_DIR, name), text);
  console.log(`Wrote ${[...generated.keys()].map((name) => path.relative(process.cwd(), path.join(STUDENT_CLIENT_DIR, name))).join(', ')}.`);
}
