import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code. Only the subset SQLite and PostgreSQL share:
// app-made ids and ISO text timestamps, integer money, 0/1 booleans, CHECK constraints for invariants.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const stamps = <T extends { addColumn: (n: string, t: 'text', b: (c: any) => any) => T }>(t: T) =>
    t.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull());

  await stamps(
    db.schema
      .createTable('city')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('visible_for_customers', 'integer', (c) => c.notNull())
      .addColumn('courier_available', 'integer', (c) => c.notNull())
      .addColumn('courier_price', 'integer', (c) => c.notNull().check(sql`courier_price >= 0`))
      .addColumn('sort_order', 'integer', (c) => c.notNull()),
  ).execute();

  await stamps(
    db.schema
      .createTable('pickup_point')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('city_id', 'integer', (c) => c.notNull().references('city.id'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('building_name', 'text')
      .addColumn('address_city', 'text', (c) => c.notNull())
      .addColumn('address_street_number', 'text', (c) => c.notNull())
      .addColumn('address_entrance_number', 'text')
      .addColumn('address_floor', 'text')
      .addColumn('address_apartment_number', 'text')
      .addColumn('address_comment', 'text')
      .addColumn('opening_hours', 'text', (c) => c.notNull())
      .addColumn('longitude', 'double precision', (c) => c.notNull())
      .addColumn('latitude', 'double precision', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('pickup_point_city_idx').on('pickup_point').column('city_id').execute();

  await stamps(
    db.schema
      .createTable('brand')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull()),
  ).execute();

  await stamps(
    db.schema
      .createTable('category')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('kind', 'integer', (c) => c.notNull().check(sql`kind between 0 and 4`))
      .addColumn('gender', 'integer', (c) => c.notNull().check(sql`gender in (0, 1)`))
      .addColumn('sort_order', 'integer', (c) => c.notNull()),
  ).execute();

  await stamps(
    db.schema
      .createTable('product')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('model_code', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('brand_id', 'integer', (c) => c.notNull().references('brand.id'))
      .addColumn('category_id', 'integer', (c) => c.notNull().references('category.id'))
      .addColumn('kind', 'integer', (c) => c.notNull())
      .addColumn('gender', 'integer', (c) => c.notNull())
      .addColumn('colour_name', 'text', (c) => c.notNull())
      .addColumn('colour_hex', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('composition', 'text', (c) => c.notNull())
      .addColumn('care', 'text', (c) => c.notNull())
      .addColumn('price', 'integer', (c) => c.notNull().check(sql`price > 0`))
      .addColumn('original_price', 'integer', (c) => c.notNull())
      .addColumn('arrival_date', 'text', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull())
      .addCheckConstraint('product_original_price_check', sql`original_price >= price`),
  ).execute();
  await db.schema
    .createIndex('product_category_idx')
    .on('product')
    .columns(['category_id', 'is_active'])
    .execute();
  await db.schema.createIndex('product_gender_idx').on('product').columns(['gender', 'kind']).execute();
  await db.schema.createIndex('product_model_idx').on('product').column('model_code').execute();

  await stamps(
    db.schema
      .createTable('product_image')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('product_id', 'integer', (c) => c.notNull().references('product.id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('media_key', 'text', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('alt', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex('product_image_product_idx')
    .on('product_image')
    .columns(['product_id', 'position'])
    .execute();

  await stamps(
    db.schema
      .createTable('sku')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('external_id', 'text', (c) => c.notNull().unique())
      .addColumn('product_id', 'integer', (c) => c.notNull().references('product.id'))
      .addColumn('size', 'text', (c) => c.notNull())
      .addColumn('size_order', 'integer', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('sku_product_idx').on('sku').column('product_id').execute();

  await stamps(
    db.schema
      .createTable('stock')
      .addColumn('sku_id', 'integer', (c) => c.notNull().references('sku.id'))
      .addColumn('city_id', 'integer', (c) => c.notNull().references('city.id'))
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
      .addPrimaryKeyConstraint('stock_pk', ['sku_id', 'city_id']),
  ).execute();
  await db.schema.createIndex('stock_city_idx').on('stock').columns(['city_id', 'sku_id']).execute();

  await stamps(
    db.schema
      .createTable('customer')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('mobile', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text')
      .addColumn('surname', 'text')
      .addColumn('email', 'text')
      .addColumn('gender', 'integer')
      .addColumn('birth_date', 'text')
      .addColumn('password_hash', 'text'),
  ).execute();

  await stamps(
    db.schema
      .createTable('customer_token')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customer.id'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('last_used_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('absolute_expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text'),
  ).execute();
  await db.schema
    .createIndex('customer_token_customer_idx')
    .on('customer_token')
    .column('customer_id')
    .execute();

  await stamps(
    db.schema
      .createTable('one_time_code')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('mobile', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().check(sql`attempts >= 0`))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('consumed_at', 'text')
      .addColumn('client_ip', 'text'),
  ).execute();
  await db.schema
    .createIndex('one_time_code_mobile_idx')
    .on('one_time_code')
    .columns(['mobile', 'purpose', 'created_at'])
    .execute();

  await stamps(
    db.schema
      .createTable('sms_message')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('mobile', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('provider_message_id', 'text'),
  ).execute();
  await db.schema
    .createIndex('sms_message_mobile_idx')
    .on('sms_message')
    .columns(['mobile', 'created_at'])
    .execute();

  await stamps(
    db.schema
      .createTable('cart')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.references('customer.id')),
  ).execute();
  await db.schema.createIndex('cart_customer_idx').on('cart').column('customer_id').execute();

  await stamps(
    db.schema
      .createTable('cart_item')
      .addColumn('cart_id', 'text', (c) => c.notNull().references('cart.id').onDelete('cascade'))
      .addColumn('sku_id', 'integer', (c) => c.notNull().references('sku.id'))
      .addColumn('qty', 'integer', (c) => c.notNull().check(sql`qty > 0`))
      .addPrimaryKeyConstraint('cart_item_pk', ['cart_id', 'sku_id']),
  ).execute();

  await stamps(
    db.schema
      .createTable('order')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('number', 'text', (c) => c.notNull().unique())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customer.id'))
      .addColumn('city_id', 'integer', (c) => c.notNull().references('city.id'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('delivery_method_id', 'integer', (c) => c.notNull())
      .addColumn('payment_id', 'integer', (c) => c.notNull())
      .addColumn('pickup_point_id', 'integer', (c) => c.references('pickup_point.id'))
      .addColumn('customer_comment', 'text')
      .addColumn('email', 'text')
      .addColumn('delivery_not_to_customer', 'integer', (c) => c.notNull())
      .addColumn('delivery_contact_name', 'text')
      .addColumn('delivery_contact_phone', 'text')
      .addColumn('delivery_region_id', 'integer')
      .addColumn('delivery_street', 'text')
      .addColumn('delivery_building', 'text')
      .addColumn('delivery_entrance_number', 'text')
      .addColumn('delivery_floor', 'text')
      .addColumn('delivery_flat', 'text')
      .addColumn('items_amount', 'integer', (c) => c.notNull().check(sql`items_amount >= 0`))
      .addColumn('delivery_amount', 'integer', (c) => c.notNull().check(sql`delivery_amount >= 0`))
      .addColumn('total_amount', 'integer', (c) => c.notNull().check(sql`total_amount >= 0`))
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addUniqueConstraint('order_idempotency_uq', ['customer_id', 'idempotency_key']),
  ).execute();
  await db.schema
    .createIndex('order_customer_idx')
    .on('order')
    .columns(['customer_id', 'created_at'])
    .execute();

  await stamps(
    db.schema
      .createTable('order_line')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('order.id'))
      .addColumn('sku_id', 'integer', (c) => c.notNull().references('sku.id'))
      .addColumn('external_id', 'text', (c) => c.notNull())
      .addColumn('product_slug', 'text', (c) => c.notNull())
      .addColumn('product_name', 'text', (c) => c.notNull())
      .addColumn('size', 'text', (c) => c.notNull())
      .addColumn('colour_name', 'text', (c) => c.notNull())
      .addColumn('image', 'text')
      .addColumn('qty', 'integer', (c) => c.notNull().check(sql`qty > 0`))
      .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
      .addColumn('original_price', 'integer', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
      .addColumn('source_city_id', 'integer', (c) => c.notNull().references('city.id')),
  ).execute();
  await db.schema.createIndex('order_line_order_idx').on('order_line').column('order_id').execute();

  await db.schema
    .createTable('counter')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();
  // Order numbers start at 100001: six digits, as ePay's invoiceID requires at least six.
  await db.insertInto('counter').values({ name: 'order_number', value: 100000 }).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'counter',
    'order_line',
    'order',
    'cart_item',
    'cart',
    'sms_message',
    'one_time_code',
    'customer_token',
    'customer',
    'stock',
    'sku',
    'product_image',
    'product',
    'category',
    'brand',
    'pickup_point',
    'city',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
