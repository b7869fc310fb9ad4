import { type Kysely, sql } from "kysely";

/**
 * Learning paths (issue 29 item 5, PRODUCT §3 learning_concepts): besides the 20-day Premium course a
 * lesson may belong to the free "Indian music basics" path. `course_day` becomes the lesson's number
 * within its path, unique per path instead of across the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table learning_concepts add column path text not null default 'course'`.execute(db);
  await sql`alter table learning_concepts add constraint learning_concepts_path_check check (path in ('course', 'indian-basics'))`.execute(
    db,
  );
  await sql`alter table learning_concepts drop constraint learning_concepts_course_day_key`.execute(db);
  await sql`alter table learning_concepts add constraint learning_concepts_path_day_unique unique (path, course_day)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from learning_concepts where path <> 'course'`.execute(db);
  await sql`alter table learning_concepts drop constraint learning_concepts_path_day_unique`.execute(db);
  await sql`alter table learning_concepts add constraint learning_concepts_course_day_key unique (course_day)`.execute(
    db,
  );
  await sql`alter table learning_concepts drop column path`.execute(db);
}
