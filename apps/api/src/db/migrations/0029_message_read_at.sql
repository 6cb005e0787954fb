ALTER TABLE "messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written: the messages already read by the other side (a reader whose kind of account, mill
-- or lab, differs from the author's) take the time of that side's first read.
UPDATE "messages" m SET "read_at" = first_read.at
  FROM (
    SELECT mr.message_id, min(mr.read_at) AS at FROM message_reads mr
    JOIN messages read_message ON read_message.id = mr.message_id
    JOIN users author ON author.id = read_message.author_id
    JOIN users reader ON reader.id = mr.user_id
    WHERE reader.role_type <> author.role_type
    GROUP BY mr.message_id
  ) first_read
  WHERE m.id = first_read.message_id;
