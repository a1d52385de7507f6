import { sql, type Kysely } from 'kysely';

/**
 * The console's search of paid orders matches each word anywhere in the order's title, resource
 * title, coupon code and Razorpay ids or in its customer's name, phone number and e-mail address.
 * Read row by row over two tables, that took half a second at 200,000 orders. Those texts are kept
 * together here, lower-cased and separated by spaces (a word of the search has no space, so it
 * matches the joined text exactly where it matches one of its parts), with a trigram index over the
 * paid orders: a search reads only the orders whose text can match.
 *
 * Triggers keep the text: an order's own on every insert and on a change of its parts or its status
 * (so that a payment records the customer as they are then), and the customer's on a change of
 * their name, phone number or e-mail address.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`alter table orders add column search_text text not null default ''`.execute(db);
  await sql`
    create function order_search_text(title text, resource_title text, coupon_code text, payment_id text, provider_order_id text, customer uuid)
    returns text language sql stable as $$
      select lower(concat_ws(' ', title, resource_title, coupon_code, payment_id, provider_order_id,
        (select concat_ws(' ', u.name, u.phone_number, u.email_address) from users u where u.id = customer)))
    $$`.execute(db);
  await sql`
    create function orders_fill_search_text() returns trigger language plpgsql as $$
    begin
      new.search_text := order_search_text(new.title, new.resource_title, new.coupon_code, new.razorpay_payment_id, new.razorpay_order_id, new.user_id);
      return new;
    end $$`.execute(db);
  await sql`
    create function users_refresh_order_search_text() returns trigger language plpgsql as $$
    begin
      update orders set search_text = order_search_text(title, resource_title, coupon_code, razorpay_payment_id, razorpay_order_id, user_id)
      where user_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`update orders set search_text = order_search_text(title, resource_title, coupon_code, razorpay_payment_id, razorpay_order_id, user_id)`.execute(db);
  await sql`
    create trigger orders_search_text before insert or update of title, resource_title, coupon_code, razorpay_payment_id, razorpay_order_id, user_id, status
    on orders for each row execute function orders_fill_search_text()`.execute(db);
  await sql`
    create trigger users_order_search_text after update of name, phone_number, email_address on users for each row
    when (old.name is distinct from new.name or old.phone_number is distinct from new.phone_number or old.email_address is distinct from new.email_address)
    execute function users_refresh_order_search_text()`.execute(db);
  await sql`create index orders_paid_search_idx on orders using gin (search_text gin_trgm_ops) where status = 'paid'`.execute(db);
  // Statistics of the new column now, for the planner to weigh a search's words.
  await sql`analyze orders`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger users_order_search_text on users`.execute(db);
  await sql`drop trigger orders_search_text on orders`.execute(db);
  await sql`drop function users_refresh_order_search_text()`.execute(db);
  await sql`drop function orders_fill_search_text()`.execute(db);
  await sql`drop function order_search_text(text, text, text, text, text, uuid)`.execute(db);
  await sql`drop index orders_paid_search_idx`.execute(db);
  await sql`alter table orders drop column search_text`.execute(db);
  // pg_trgm stays: other indexes may use it by now.
}
