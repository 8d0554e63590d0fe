-- Order numbers end in the last six digits of one sequence, after the business time to the second (issue 19): no two
-- orders of one second can share a number, on any instance, unless a million are made in that second.
CREATE SEQUENCE order_numbers;
