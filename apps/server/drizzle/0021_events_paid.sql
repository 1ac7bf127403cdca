CREATE TABLE "events_paid" (
	"event_id" integer NOT NULL,
	"shard" integer NOT NULL,
	"coins" bigint NOT NULL,
	"payouts" bigint NOT NULL,
	CONSTRAINT "events_paid_event_id_shard_pk" PRIMARY KEY("event_id","shard")
);
