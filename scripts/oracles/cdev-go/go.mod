module cdevgo
go 1.19
