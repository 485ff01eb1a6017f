// Server tests run in UTC so that dates read the same on every machine.
process.env.TZ = 'UTC';
