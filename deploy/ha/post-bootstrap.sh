#!/bin/sh
# Patroni runs this once, on the node that bootstrapped the cluster, with a connection URL.
set -eu
psql -v ON_ERROR_STOP=1 -v pw="$EGG_PASSWORD" "$1" <<'SQL'
create role egg login password :'pw';
create database egg owner egg;
SQL
