-- The directory names a store's theme as the catalogue does (lib/store-directory/theme-name.ts):
-- by its Theme Store id when we know it, else its schema name, else the merchant's name for its copy.
-- Rows written before named it by the merchant's name ("[PROD] Latest Snapshot - 07.30.21"); their
-- latest report says which theme it is. theme_slug is generated from theme_name and follows.
UPDATE "stores" AS s
SET "theme_name" = COALESCE(
    CASE WHEN (r."metadata" #>> '{theme,value,themeStoreId}') ~ '^[0-9]{1,9}$' THEN
      CASE (r."metadata" #>> '{theme,value,themeStoreId}')::int
        WHEN 380 THEN 'Minimal'
        WHEN 578 THEN 'Simple'
        WHEN 679 THEN 'Supply'
        WHEN 730 THEN 'Brooklyn'
        WHEN 766 THEN 'Boundless'
        WHEN 775 THEN 'Venture'
        WHEN 796 THEN 'Debut'
        WHEN 829 THEN 'Narrative'
        WHEN 855 THEN 'Prestige'
        WHEN 857 THEN 'Impulse'
        WHEN 887 THEN 'Dawn'
        WHEN 1356 THEN 'Sense'
        WHEN 1363 THEN 'Crave'
        WHEN 1368 THEN 'Craft'
        WHEN 1431 THEN 'Studio'
        WHEN 1434 THEN 'Taste'
        WHEN 1499 THEN 'Colorblock'
        WHEN 1500 THEN 'Ride'
        WHEN 1567 THEN 'Refresh'
        WHEN 1841 THEN 'Origin'
        WHEN 1864 THEN 'Publisher'
        WHEN 1891 THEN 'Spotlight'
      END
    END,
    NULLIF(btrim(r."metadata" #>> '{theme,value,schemaName}'), ''),
    s."theme_name"
  )
FROM "reports" AS r
WHERE r."job_id" = s."latest_job_id"
  AND jsonb_typeof(r."metadata" #> '{theme,value}') = 'object';
