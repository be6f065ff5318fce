import * as migration_20261121_054157_initial from './20261121_054157_initial';
import * as migration_20261121_054203_db_constraints from './20261121_054203_db_constraints';
import * as migration_20261121_055920_orders_checkout_payments_email_queue from './20261121_055920_orders_checkout_payments_email_queue';
import * as migration_20261121_060031_object_uploads from './20261121_060031_object_uploads';
import * as migration_20261121_062942_merged_schema_snapshot from './20261121_062942_merged_schema_snapshot';
import * as migration_20261122_162758_users_invitations_no_lockout from './20261122_162758_users_invitations_no_lockout';
import * as migration_20261122_163000_admin_list_indexes from './20261122_163000_admin_list_indexes';
import * as migration_20261122_182039_merged_schema_snapshot_2 from './20261122_182039_merged_schema_snapshot_2';
import * as migration_20261123_192719_stable_keys from './20261123_192719_stable_keys';
import * as migration_20261123_223438_newsletter from './20261123_223438_newsletter';
import * as migration_20261123_224505_show_times_states_slugs from './20261123_224505_show_times_states_slugs';
import * as migration_20261124_000139_merged_schema_snapshot_3 from './20261124_000139_merged_schema_snapshot_3';
import * as migration_20261124_215453_option_titles from './20261124_215453_option_titles';
import * as migration_20261124_221621_discount_codes from './20261124_221621_discount_codes';
import * as migration_20261124_223951_shipping_zones from './20261124_223951_shipping_zones';
import * as migration_20261124_225622_order_tracking from './20261124_225622_order_tracking';
import * as migration_20261125_000225_merged_schema_snapshot_4 from './20261125_000225_merged_schema_snapshot_4';
import * as migration_20261125_040000_merch_table from './20261125_040000_merch_table';
import * as migration_20261125_050000_low_stock_alerts from './20261125_050000_low_stock_alerts';
import * as migration_20261125_060000_back_in_stock from './20261125_060000_back_in_stock';
import * as migration_20261125_174347_preorders from './20261125_174347_preorders';
import * as migration_20261126_004500_shows_follow_band_time_zone from './20261126_004500_shows_follow_band_time_zone';
import * as migration_20261126_010000_payment_attempts from './20261126_010000_payment_attempts';
import * as migration_20261126_143000_catalogue_prices from './20261126_143000_catalogue_prices';
import * as migration_20261126_183000_music_releases from './20261126_183000_music_releases';
import * as migration_20261126_230000_music_tracks from './20261126_230000_music_tracks';
import * as migration_20261126_230000_tax from './20261126_230000_tax';
import * as migration_20261126_233000_privacy_erasures from './20261126_233000_privacy_erasures';
import * as migration_20261127_020000_tax_report from './20261127_020000_tax_report';
import * as migration_20261127_030000_privacy_requests from './20261127_030000_privacy_requests';
import * as migration_20261127_100000_download_grants from './20261127_100000_download_grants';
import * as migration_20261127_110000_order_releases from './20261127_110000_order_releases';
import * as migration_20261127_120000_download_codes from './20261127_120000_download_codes';
import * as migration_20261127_130000_music_tab from './20261127_130000_music_tab';
import * as migration_20261127_150000_table_sale_release from './20261127_150000_table_sale_release';

export const migrations = [
  {
    up: migration_20261121_054157_initial.up,
    down: migration_20261121_054157_initial.down,
    name: '20261121_054157_initial',
  },
  {
    up: migration_20261121_054203_db_constraints.up,
    down: migration_20261121_054203_db_constraints.down,
    name: '20261121_054203_db_constraints',
  },
  {
    up: migration_20261121_055920_orders_checkout_payments_email_queue.up,
    down: migration_20261121_055920_orders_checkout_payments_email_queue.down,
    name: '20261121_055920_orders_checkout_payments_email_queue',
  },
  {
    up: migration_20261121_060031_object_uploads.up,
    down: migration_20261121_060031_object_uploads.down,
    name: '20261121_060031_object_uploads',
  },
  {
    up: migration_20261121_062942_merged_schema_snapshot.up,
    down: migration_20261121_062942_merged_schema_snapshot.down,
    name: '20261121_062942_merged_schema_snapshot',
  },
  {
    up: migration_20261122_162758_users_invitations_no_lockout.up,
    down: migration_20261122_162758_users_invitations_no_lockout.down,
    name: '20261122_162758_users_invitations_no_lockout',
  },
  {
    up: migration_20261122_163000_admin_list_indexes.up,
    down: migration_20261122_163000_admin_list_indexes.down,
    name: '20261122_163000_admin_list_indexes',
  },
  {
    up: migration_20261122_182039_merged_schema_snapshot_2.up,
    down: migration_20261122_182039_merged_schema_snapshot_2.down,
    name: '20261122_182039_merged_schema_snapshot_2',
  },
  {
    up: migration_20261123_192719_stable_keys.up,
    down: migration_20261123_192719_stable_keys.down,
    name: '20261123_192719_stable_keys',
  },
  {
    up: migration_20261123_223438_newsletter.up,
    down: migration_20261123_223438_newsletter.down,
    name: '20261123_223438_newsletter',
  },
  {
    up: migration_20261123_224505_show_times_states_slugs.up,
    down: migration_20261123_224505_show_times_states_slugs.down,
    name: '20261123_224505_show_times_states_slugs',
  },
  {
    up: migration_20261124_000139_merged_schema_snapshot_3.up,
    down: migration_20261124_000139_merged_schema_snapshot_3.down,
    name: '20261124_000139_merged_schema_snapshot_3',
  },
  {
    up: migration_20261124_215453_option_titles.up,
    down: migration_20261124_215453_option_titles.down,
    name: '20261124_215453_option_titles',
  },
  {
    up: migration_20261124_221621_discount_codes.up,
    down: migration_20261124_221621_discount_codes.down,
    name: '20261124_221621_discount_codes',
  },
  {
    up: migration_20261124_223951_shipping_zones.up,
    down: migration_20261124_223951_shipping_zones.down,
    name: '20261124_223951_shipping_zones',
  },
  {
    up: migration_20261124_225622_order_tracking.up,
    down: migration_20261124_225622_order_tracking.down,
    name: '20261124_225622_order_tracking',
  },
  {
    up: migration_20261125_000225_merged_schema_snapshot_4.up,
    down: migration_20261125_000225_merged_schema_snapshot_4.down,
    name: '20261125_000225_merged_schema_snapshot_4',
  },
  {
    up: migration_20261125_040000_merch_table.up,
    down: migration_20261125_040000_merch_table.down,
    name: '20261125_040000_merch_table',
  },
  {
    up: migration_20261125_050000_low_stock_alerts.up,
    down: migration_20261125_050000_low_stock_alerts.down,
    name: '20261125_050000_low_stock_alerts',
  },
  {
    up: migration_20261125_060000_back_in_stock.up,
    down: migration_20261125_060000_back_in_stock.down,
    name: '20261125_060000_back_in_stock',
  },
  {
    up: migration_20261125_174347_preorders.up,
    down: migration_20261125_174347_preorders.down,
    name: '20261125_174347_preorders'
  },
  {
    up: migration_20261126_004500_shows_follow_band_time_zone.up,
    down: migration_20261126_004500_shows_follow_band_time_zone.down,
    name: '20261126_004500_shows_follow_band_time_zone',
  },
  {
    up: migration_20261126_010000_payment_attempts.up,
    down: migration_20261126_010000_payment_attempts.down,
    name: '20261126_010000_payment_attempts',
  },
  {
    up: migration_20261126_143000_catalogue_prices.up,
    down: migration_20261126_143000_catalogue_prices.down,
    name: '20261126_143000_catalogue_prices',
  },
  {
    up: migration_20261126_183000_music_releases.up,
    down: migration_20261126_183000_music_releases.down,
    name: '20261126_183000_music_releases',
  },
  {
    up: migration_20261126_230000_music_tracks.up,
    down: migration_20261126_230000_music_tracks.down,
    name: '20261126_230000_music_tracks',
  },
  {
    up: migration_20261126_230000_tax.up,
    down: migration_20261126_230000_tax.down,
    name: '20261126_230000_tax',
  },
  {
    up: migration_20261126_233000_privacy_erasures.up,
    down: migration_20261126_233000_privacy_erasures.down,
    name: '20261126_233000_privacy_erasures',
  },
  {
    up: migration_20261127_020000_tax_report.up,
    down: migration_20261127_020000_tax_report.down,
    name: '20261127_020000_tax_report',
  },
  {
    up: migration_20261127_030000_privacy_requests.up,
    down: migration_20261127_030000_privacy_requests.down,
    name: '20261127_030000_privacy_requests',
  },
  {
    up: migration_20261127_100000_download_grants.up,
    down: migration_20261127_100000_download_grants.down,
    name: '20261127_100000_download_grants',
  },
  {
    up: migration_20261127_110000_order_releases.up,
    down: migration_20261127_110000_order_releases.down,
    name: '20261127_110000_order_releases',
  },
  {
    up: migration_20261127_120000_download_codes.up,
    down: migration_20261127_120000_download_codes.down,
    name: '20261127_120000_download_codes',
  },
  {
    up: migration_20261127_130000_music_tab.up,
    down: migration_20261127_130000_music_tab.down,
    name: '20261127_130000_music_tab',
  },
  {
    up: migration_20261127_150000_table_sale_release.up,
    down: migration_20261127_150000_table_sale_release.down,
    name: '20261127_150000_table_sale_release',
  },
];
