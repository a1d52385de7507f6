// The rules live with the queries that use them; this path stays for the importers elsewhere.
export { activeGrant, courseEntitledSql, courseGivesContentSql, courseHeldSql } from './course-content-access.repository.ts';
